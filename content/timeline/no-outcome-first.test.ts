import { describe, expect, it } from 'vitest';
import { CASE_FILES } from '../cases';
import { CASE_PATTERN_LABELS, type CaseFile } from '../cases/types';
import { TIMELINE_SCENARIOS } from './scenarios';

/**
 * Words that tell what became of a write: refused or applied, overwritten, a duplicate, 0 rows.
 * The situation may be told before the run ("B takes over", "the reply is lost"); what happens
 * to a write the learner predicts is told only after it (the explanation, the run's summary,
 * the case file's account after the run). Questions may use these verbs' plain "land" ("which
 * write lands?"): they ask, they do not tell.
 */
const OUTCOME_WORDS =
  /\b(refus\w*|reject\w*|accept(s|ed)?|applied|overwrit\w*|succeed\w*|0 rows|zero rows|duplicate\w*|dropped|gets through|goes through|wins)\b/gi;

/**
 * Further words that tell an outcome when a text narrates (any sentence that is not a question):
 * a write that lands or is turned away, a holder told it was fenced, statements that change no
 * row, work done twice, a lost update, a holder that learns (finds, is told) it lost its lock
 * or lease: its renewal's outcome told as a story. That it lost the lock is the setting. Written from what a write can become in the lesson (the
 * four outcomes and their effects), not from any code of the app.
 */
const NARRATED_OUTCOME =
  /\b(lands?|landed|landing|turn(s|ed)? (\w+ )?away|(is|was|were|be|being|gets?|got|told it was) fenced|\w*FencedException|(writes?|requests?|sends?|commits?|completions?|statements?|removals?|keep-alives?|transactions?|txn)( \w+){0,2} fail(s|ed)?|changes? no row|no row changes|matches no row|changes nothing|twice|three times|both (run|ran|finish|send|copies|clients’ writes)|lost updates?|prolong\w*|on top of|go(es)? through|went through|gets? through|got through|stops? it|ends? up with|learn(s|ed|t)? (that )?(it|they|he|she) (has |had |have )?lost|(finds?|found|notices?|noticed|discovers?|discovered|(is|was) told) (that )?(it|they) (has |had |have )?lost( (the|its|their) (lock|lease|leadership))?)\b/gi;

/**
 * Verdicts without an outcome word: a label or sentence that judges whether the protection
 * holds ("Fenced", "this can be made exact", "none of that for free", "cannot tell a dead node
 * from a slow one", a gateway that learns a token "only on its first write", an API "without
 * token support") tells the fate as surely as "refused" does. What a target checks is a setting
 * and may be said ("a switch that checks the token", "an API that knows only idempotency keys");
 * these words judge it.
 */
const VERDICT =
  /\b(fenced|exact(ly)?|for free|cannot tell|can’t tell|harmless|in vain|too late|only (on|after|when) its first \w+|without (token|fencing) support)\b/gi;

/** The outcome words a text shows, question sentences held only to OUTCOME_WORDS. */
export function outcomeWordsIn(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.?!:;|])\s+/)) {
    found.push(...(sentence.match(OUTCOME_WORDS) ?? []));
    if (!sentence.trim().endsWith('?'))
      found.push(...(sentence.match(NARRATED_OUTCOME) ?? []), ...(sentence.match(VERDICT) ?? []));
  }
  return found;
}

const noteOf = (event: object) =>
  'note' in event && typeof event.note === 'string' ? event.note : '';
const bodyOf = (event: object) =>
  'body' in event && typeof event.body === 'string' ? event.body : '';

/**
 * Every text the case file's page (and its entry in the list) shows before a run: everything but
 * what opens after it (the account after the run, the run's summary, what fixed it, what each
 * source was checked for and what we added).
 */
function beforeRunTexts(file: CaseFile): string[] {
  return [
    file.title,
    file.system,
    file.tokenName,
    ...file.account.beforeRun,
    ...file.runs.map((run) => CASE_PATTERN_LABELS[run.pattern]),
    ...file.cast.flatMap((c) => [c.lane, c.is]),
    file.predict,
    ...file.runs.flatMap((run) => [
      run.label,
      run.predict ?? '',
      ...run.events.flatMap((e) => [noteOf(e), bodyOf(e)]),
    ]),
    ...file.sources.map((source) => source.title),
  ].filter(Boolean);
}

describe('no outcome before its prediction (issue 39, point 5)', () => {
  it('the oracle finds an outcome (it can fail)', () => {
    expect(outcomeWordsIn('The old worker overwrites the remote report file')).toEqual([
      'overwrites',
    ]);
    expect(outcomeWordsIn('A’s finish is refused: 0 rows')).toEqual(['refused', '0 rows']);
    expect(outcomeWordsIn('If client 2 has not written yet, 33 still lands.')).toEqual(['lands']);
    expect(outcomeWordsIn('The server turns it away. The epoch stops it.')).toEqual([
      'turns it away',
      'stops it',
    ]);
    expect(outcomeWordsIn('commitTransaction: ProducerFencedException')).toEqual([
      'ProducerFencedException',
    ]);
    expect(outcomeWordsIn('only now does pod a learn it lost')).toEqual(['learn it lost']);
    expect(outcomeWordsIn('The worker finds it has lost the lease.')).toEqual([
      'finds it has lost the lease',
    ]);
    // That a holder has lost its lock is the setting (a takeover); learning it is the outcome.
    expect(outcomeWordsIn('A request from a master that has since lost the lock.')).toEqual([]);
    // A question may ask whether a write lands.
    expect(outcomeWordsIn('Which writes land? Does its send go through?')).toEqual([]);
    // A verdict on the protection tells the fate without an outcome word (the hostile review
    // of issue 39 found each of these shown before a run); the setting it judges does not.
    expect(outcomeWordsIn('Fenced')).toEqual(['Fenced']);
    expect(outcomeWordsIn('Inside etcd this can be made exact.')).toEqual(['exact']);
    expect(outcomeWordsIn('A resource outside etcd gets none of that for free.')).toEqual([
      'for free',
    ]);
    expect(outcomeWordsIn('It cannot tell a dead node from a slow one.')).toEqual(['cannot tell']);
    expect(
      outcomeWordsIn('A fencing gateway that learns a generation only on its first write'),
    ).toEqual(['only on its first write']);
    expect(outcomeWordsIn('An external API without token support')).toEqual([
      'without token support',
    ]);
    expect(outcomeWordsIn('A reference switch that checks the token')).toEqual([]);
    expect(outcomeWordsIn('Token checked at the resource')).toEqual([]);
  });

  for (const scenario of TIMELINE_SCENARIOS)
    it(`scenario ${scenario.id}: its title and event notes (shown before the run) name no outcome`, () => {
      const before = [
        scenario.title,
        ...scenario.events.flatMap((e) => [noteOf(e), bodyOf(e)]),
      ].filter(Boolean);
      expect(before.flatMap(outcomeWordsIn), before.join(' | ')).toEqual([]);
    });

  for (const file of CASE_FILES)
    it(`case file ${file.id}: every text shown before the run (the account up to the decisive write, the cast, the questions, labels and notes) names no outcome`, () => {
      const before = beforeRunTexts(file);
      const found = before.flatMap((text) =>
        outcomeWordsIn(text).map((word) => `${word} ← “${text.slice(0, 90)}…”`),
      );
      expect(found).toEqual([]);
    });
});

describe('a library scenario’s explanation tells no outcome: the steps it turns on do (issue 38)', () => {
  for (const scenario of TIMELINE_SCENARIOS)
    it(`scenario ${scenario.id}: its explanation names no outcome, and each step it shows is one of its events`, () => {
      expect(scenario.explanation.match(OUTCOME_WORDS) ?? [], scenario.explanation).toEqual([]);
      const ids = scenario.events.map((e) => e.id);
      expect(scenario.shows.length).toBeGreaterThan(0);
      for (const id of scenario.shows) expect(ids, id).toContain(id);
    });
});
