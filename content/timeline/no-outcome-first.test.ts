import { describe, expect, it } from 'vitest';
import { CASE_FILES } from '../cases';
import { TIMELINE_SCENARIOS } from './scenarios';

/**
 * Words that tell what became of a write: refused or applied, overwritten, a duplicate, 0 rows.
 * The situation may be told before the run ("B takes over", "the reply is lost"); what happens
 * to a write the learner predicts is told only after it (the explanation, the run's summary).
 * "Lands" is not on the list: the lesson's rule says where a write lands, and a question asks
 * which write lands.
 */
const OUTCOME_WORDS =
  /\b(refus\w*|reject\w*|accept(s|ed)?|applied|overwrit\w*|succeed\w*|0 rows|zero rows|duplicate\w*|dropped|gets through|goes through|wins)\b/gi;

const noteOf = (event: object) =>
  'note' in event && typeof event.note === 'string' ? event.note : '';

describe('no outcome before its prediction (issue 39, point 5)', () => {
  it('the regular expression finds an outcome (it can fail)', () => {
    expect('The old worker overwrites the remote report file'.match(OUTCOME_WORDS)).toEqual([
      'overwrites',
    ]);
    expect('A’s finish is refused: 0 rows'.match(OUTCOME_WORDS)).toEqual(['refused', '0 rows']);
  });

  for (const scenario of TIMELINE_SCENARIOS)
    it(`scenario ${scenario.id}: its title and event notes (shown before the run) name no outcome`, () => {
      const before = [scenario.title, ...scenario.events.map(noteOf)].join(' | ');
      expect(before.match(OUTCOME_WORDS) ?? [], before).toEqual([]);
    });

  for (const file of CASE_FILES)
    it(`case file ${file.id}: its title, question, run labels and notes name no outcome`, () => {
      const before = [
        file.title,
        file.predict,
        ...file.runs.flatMap((run) => [run.label, run.predict ?? '', ...run.events.map(noteOf)]),
      ].join(' | ');
      expect(before.match(OUTCOME_WORDS) ?? [], before).toEqual([]);
    });
});
