import type { ActivityKind } from '@/lib/records/activity';
/** The REFLECT mode as data: the prompts of the answer journal and the self-assessment items. */

export interface JournalPrompt {
  id: string;
  /** Short label for the prompt list. */
  label: string;
  /** Where it comes from in the lesson. */
  source: string;
  question: string;
}

export const JOURNAL_PROMPTS: readonly JournalPrompt[] = [
  {
    id: 'main',
    label: 'Main question',
    source: 'Check your understanding',
    question:
      'Two workers resume an agent task at the same time: how do a lease and a fencing token stop the old worker from writing?',
  },
  {
    id: 'q-cancel',
    label: 'Cancelled while the lease is valid',
    source: 'Q&A · Level 1',
    question:
      'The lease has not expired, but the user has cancelled the run. What must the commit condition check besides owner, token and lease?',
  },
  {
    id: 'q-batches',
    label: 'A token per batch?',
    source: 'Q&A · Level 1',
    question:
      'Should the fencing token go up with every batch a worker writes? How is that different from the generation taken when the task was claimed?',
  },
  {
    id: 'q-select-update',
    label: 'Between SELECT and UPDATE',
    source: 'Q&A · Level 1',
    question:
      'In PostgreSQL, how do you make sure no other worker takes the task between the moment you read it and the moment you update it?',
  },
  {
    id: 'q-remote-after-cancel',
    label: 'Remote request after cancel',
    source: 'Q&A · Level 2',
    question:
      'The cancellation reached the database first, yet the old worker still sent a request to a remote system. Is it enough to reject its final commit?',
  },
  {
    id: 'q-idempotency-vs-fencing',
    label: 'Idempotency instead of fencing?',
    source: 'Q&A · Level 3',
    question:
      'If the remote system cannot check a token, can an idempotency key take the place of fencing completely?',
  },
  {
    id: 'notes',
    label: 'Personal notes',
    source: 'Free notes',
    question: 'Anything you want to keep: doubts, links between ideas, what to try next.',
  },
];

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
    text: 'An expired lease does not mean the old worker has stopped.',
  },
  {
    id: 'std-intermediate',
    group: 'standard',
    name: 'Intermediate standard',
    text: 'Reject stale writes with a token that grows on every claim and with conditional updates.',
  },
  {
    id: 'std-senior',
    group: 'standard',
    name: 'Senior standard',
    text: 'Say which resources can check a fencing token, and what extra controls an external system that cannot check one needs.',
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

/**
 * Which activity the app records counts as evidence for which item. Kinds are written by other
 * features into the records database's shared activity log.
 */
export const EVIDENCE_KINDS: Readonly<
  Partial<Record<ActivityKind, { label: string; items: readonly string[] }>>
> = {
  'question.revealed': {
    label: 'Reference answer revealed',
    items: ['std-basic', 'std-senior', 'insp-idempotency'],
  },
  'question.rated': {
    label: 'Own answer rated against the reference',
    items: ['std-basic', 'std-senior', 'insp-idempotency'],
  },
  'quiz.answered': { label: 'Quiz question answered', items: ['std-basic', 'std-intermediate'] },
  'lab.challenge.solved': {
    label: 'Lab challenge solved',
    items: ['std-intermediate', 'insp-atomic', 'chk-generation', 'chk-storage-side'],
  },
  'timeline.scored': {
    label: 'Timeline scored',
    items: ['std-basic', 'insp-resurrection', 'chk-not-client'],
  },
  'case.predicted': {
    label: 'Case file predicted and run',
    items: ['insp-resource', 'chk-storage-side', 'chk-not-client'],
  },
  'crashlab.evaluated': {
    label: 'Crash lab run evaluated',
    items: ['insp-resurrection', 'chk-generation', 'insp-resource'],
  },
  'checker.checked': {
    label: 'Schedule checker run',
    items: ['std-intermediate', 'insp-resource', 'chk-storage-side', 'chk-not-client'],
  },
};
