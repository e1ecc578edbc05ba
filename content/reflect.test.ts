import { describe, expect, it } from 'vitest';
import { promptIdSchema } from '@/lib/journal/schema';
import { CHECK_QUESTION, flattenQuestions, MIGRATION_CASES } from './lesson';
import { ASSESSMENT_GROUPS, ASSESSMENT_ITEMS, JOURNAL_PROMPTS, journalPromptFor } from './reflect';

describe('reflect content', () => {
  it('has the main question, five Q&A prompts, the two cases and notes, with ids fit for storage keys', () => {
    expect(JOURNAL_PROMPTS.map((p) => p.source)).toEqual([
      'Check your understanding',
      'Q&A · Level 1',
      'Q&A · Level 1',
      'Q&A · Level 1',
      'Q&A · Level 2',
      'Q&A · Level 3',
      'Migration case',
      'Migration case',
      'Free notes',
    ]);
    for (const prompt of JOURNAL_PROMPTS)
      expect(promptIdSchema.safeParse(prompt.id).success).toBe(true);
    expect(new Set(JOURNAL_PROMPTS.map((p) => p.id)).size).toBe(JOURNAL_PROMPTS.length);
  });

  it('has three standards, four inspections and three checkpoints', () => {
    const count = (group: string) => ASSESSMENT_ITEMS.filter((i) => i.group === group).length;
    expect([count('standard'), count('inspection'), count('checkpoint')]).toEqual([3, 4, 3]);
    expect(ASSESSMENT_GROUPS).toHaveLength(3);
    const ids = new Set(ASSESSMENT_ITEMS.map((i) => i.id));
    expect(ids.size).toBe(ASSESSMENT_ITEMS.length);
  });

  it('gives every answer box of the lesson one journal prompt, asking the lesson’s own question', () => {
    const items = [
      CHECK_QUESTION.id,
      ...flattenQuestions().map((q) => q.id),
      ...MIGRATION_CASES.map((c) => c.id),
    ];
    for (const item of items) expect(journalPromptFor(item).lessonItem).toBe(item);
    expect(journalPromptFor(CHECK_QUESTION.id).question).toBe(CHECK_QUESTION.question);
    for (const q of flattenQuestions()) expect(journalPromptFor(q.id).question).toBe(q.question);
  });
});
