/** The REFLECT mode as data: the prompts of the answer journal and the self-assessment items. */

import { CHECK_QUESTION } from './lesson/lesson';
import { flattenQuestions } from './lesson/questions';
import { MIGRATION_CASES } from './lesson/cases';

export interface JournalPrompt {
  id: string;
  /** Short label for the prompt list. */
  label: string;
  /** Where it comes from in the lesson. */
  source: string;
  question: string;
  /** The lesson item whose answer box writes to this prompt (null: REFLECT only). */
  lessonItem: string | null;
  /** Where the question is asked in the lesson. */
  href: string | null;
}

const question = (id: string) => {
  const node = flattenQuestions().find((q) => q.id === id);
  if (!node) throw new Error(`No lesson question "${id}"`);
  return node;
};
const fromQuestion = (promptId: string, label: string, lessonId: string): JournalPrompt => {
  const node = question(lessonId);
  return {
    id: promptId,
    label,
    source: `Q&A · Level ${node.level}`,
    question: node.question,
    lessonItem: lessonId,
    href: `/learn/questions#${lessonId}`,
  };
};

/**
 * One journal for every answer box. The prompt ids of the first REFLECT journal are kept, so
 * its stored histories stay where they are; each lesson question and case writes to its prompt.
 */
export const JOURNAL_PROMPTS: readonly JournalPrompt[] = [
  {
    id: 'main',
    label: 'Main question',
    source: 'Check your understanding',
    question: CHECK_QUESTION.question,
    lessonItem: CHECK_QUESTION.id,
    href: `/learn#${CHECK_QUESTION.id}`,
  },
  fromQuestion('q-cancel', 'Cancelled while the lease is valid', 'q-cancel-while-lease-valid'),
  fromQuestion('q-batches', 'A token per batch?', 'q-fence-per-batch'),
  fromQuestion('q-select-update', 'Between SELECT and UPDATE', 'q-select-then-update-postgres'),
  fromQuestion('q-remote-after-cancel', 'Remote request after cancel', 'q-remote-after-cancel'),
  fromQuestion(
    'q-idempotency-vs-fencing',
    'Idempotency instead of fencing?',
    'q-idempotency-vs-fencing',
  ),
  ...MIGRATION_CASES.map((c): JournalPrompt => ({
    id: c.id,
    label: c.title,
    source: 'Migration case',
    question: c.question,
    lessonItem: c.id,
    href: `/learn/cases#${c.id}`,
  })),
  {
    id: 'notes',
    label: 'Personal notes',
    source: 'Free notes',
    question: 'Anything you want to keep: doubts, links between ideas, what to try next.',
    lessonItem: null,
    href: null,
  },
];

/** The journal prompt a lesson item's answer box writes to. */
export function journalPromptFor(lessonItem: string): JournalPrompt {
  const prompt = JOURNAL_PROMPTS.find((p) => p.lessonItem === lessonItem);
  if (!prompt) throw new Error(`No journal prompt for lesson item "${lessonItem}"`);
  return prompt;
}

export type AssessmentGroup = 'standard' | 'inspection' | 'checkpoint';

export interface AssessmentItem {
  id: string;
  group: AssessmentGroup;
  /** Short name, used in labels ("Basic standard"). */
  name: string;
  text: string;
}

export const ASSESSMENT_GROUPS: readonly { id: AssessmentGroup; title: string; intro: string }[] = [
  {
    id: 'standard',
    title: 'The three standards',
    intro: 'How far you can explain the principle, its limits and its trade-offs.',
  },
  {
    id: 'inspection',
    title: 'The four key inspections',
    intro: 'What you should be able to do, not only say.',
  },
  {
    id: 'checkpoint',
    title: 'The three acceptance checkpoints',
    intro: 'What a test of a takeover must show before you accept it.',
  },
];

export const ASSESSMENT_ITEMS: readonly AssessmentItem[] = [
  {
    id: 'std-basic',
    group: 'standard',
    name: 'Basic standard',
    text: 'Shown a worker whose lease ran out, you expect its next write to arrive anyway, and you can make it happen (the first screen of the lesson, timeline scenario 1).',
  },
  {
    id: 'std-intermediate',
    group: 'standard',
    name: 'Intermediate standard',
    text: 'You write the claim and the commit so that the store itself turns the older generation away: every claim raises the token, and the statement that writes checks it.',
  },
  {
    id: 'std-senior',
    group: 'standard',
    name: 'Senior standard',
    text: 'For each target a design writes to, you say where its check sits; for one that cannot check, which controls limit the damage and what stays unprotected.',
  },
  {
    id: 'insp-resurrection',
    group: 'inspection',
    name: 'Reproduce a resurrection',
    text: 'Reproduce an old worker coming back to life and writing after its lease expired.',
  },
  {
    id: 'insp-atomic',
    group: 'inspection',
    name: 'Design the contract',
    text: 'Design atomic claims, renewals that match owner and token, and conditional commits.',
  },
  {
    id: 'insp-resource',
    group: 'inspection',
    name: 'Fence at the resource',
    text: 'Show that the check must happen where the write lands, by whoever writes the resource.',
  },
  {
    id: 'insp-idempotency',
    group: 'inspection',
    name: 'Takeover versus idempotency',
    text: 'Tell taking over a task apart from making its side effects idempotent.',
  },
  {
    id: 'chk-generation',
    group: 'checkpoint',
    name: 'Higher generation',
    text: 'The new owner holds a higher generation than the old one.',
  },
  {
    id: 'chk-storage-side',
    group: 'checkpoint',
    name: 'Storage-side check',
    text: 'The storage side checks the write condition itself, in the same atomic step as the write.',
  },
  {
    id: 'chk-not-client',
    group: 'checkpoint',
    name: 'Not the client’s word',
    text: 'Nothing relies on the client alone to decide whether its lease is still valid.',
  },
];

export const RATING_LABELS = {
  'not-yet': 'Not yet',
  partly: 'Partly',
  confident: 'Confident',
} as const;
