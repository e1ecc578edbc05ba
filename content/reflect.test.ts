import { describe, expect, it } from 'vitest';
import { promptIdSchema } from '@/lib/journal/schema';
import { ASSESSMENT_GROUPS, ASSESSMENT_ITEMS, EVIDENCE_KINDS, JOURNAL_PROMPTS } from './reflect';
import { ACTIVITY_KINDS } from '@/lib/records/activity';

describe('reflect content', () => {
  it('has the main question, five Q&A prompts and notes, with ids fit for storage keys', () => {
    expect(JOURNAL_PROMPTS.map((p) => p.source)).toEqual([
      'Check your understanding',
      'Q&A · Level 1',
      'Q&A · Level 1',
      'Q&A · Level 1',
      'Q&A · Level 2',
      'Q&A · Level 3',
      'Free notes',
    ]);
    for (const prompt of JOURNAL_PROMPTS)
      expect(promptIdSchema.safeParse(prompt.id).success).toBe(true);
    expect(new Set(JOURNAL_PROMPTS.map((p) => p.id)).size).toBe(JOURNAL_PROMPTS.length);
  });

  it('has three standards, four inspections and three checkpoints, and evidence only for them', () => {
    const count = (group: string) => ASSESSMENT_ITEMS.filter((i) => i.group === group).length;
    expect([count('standard'), count('inspection'), count('checkpoint')]).toEqual([3, 4, 3]);
    expect(ASSESSMENT_GROUPS).toHaveLength(3);
    const ids = new Set(ASSESSMENT_ITEMS.map((i) => i.id));
    expect(ids.size).toBe(ASSESSMENT_ITEMS.length);
    for (const { items } of Object.values(EVIDENCE_KINDS))
      for (const item of items) expect(ids).toContain(item);
    for (const item of ASSESSMENT_ITEMS) {
      expect(
        Object.values(EVIDENCE_KINDS).some((k) => k.items.includes(item.id)),
        `${item.id} has some evidence`,
      ).toBe(true);
    }
  });
});

describe('activity kinds and evidence rules are one list', () => {
  it('every evidence kind is a kind the activity log knows, and the reflection page reads each kind that counts as evidence', () => {
    for (const kind of Object.keys(EVIDENCE_KINDS)) expect(ACTIVITY_KINDS, kind).toContain(kind);
    // The kinds that are not evidence are the learner's own answers and ratings.
    const notEvidence = ACTIVITY_KINDS.filter((k) => !(k in EVIDENCE_KINDS));
    expect(notEvidence).toEqual([
      'case.revealed',
      'question.answered',
      'case.answered',
      'reflect.rated',
    ]);
  });
});
