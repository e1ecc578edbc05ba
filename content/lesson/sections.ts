import { CHECK_SITE, LOCK_PURPOSE, TOKEN_SOURCE } from './foundations';
import { BREAKS_PARTS, CLAIM_PARTS, DEBRIEF, DEDUCTION, RULE_PARTS } from './lesson';
import type { SectionEntry } from './types';

const sub = (parts: readonly { id: string; title: string }[]) =>
  parts.map(({ id, title }) => ({ id, title }));

/**
 * The lesson's sections in reading order: the table of contents and the anchors of /learn. The
 * order follows the learner through the app: a failure run first, then the rule, then its
 * foundations, then where it breaks (docs/lesson-outline.md sets it beside the source's order).
 */
export const SECTIONS: readonly SectionEntry[] = [
  { id: 'watch-it-fail', title: 'Watch a stale worker win', children: [] },
  { id: 'what-you-saw', title: 'What you just watched', children: sub(DEBRIEF) },
  { id: 'learning-paths', title: 'Choose where to go next', children: [] },
  { id: 'the-rule', title: 'The rule: check where the write lands', children: sub(RULE_PARTS) },
  { id: 'sqlite-demo', title: 'Run the rule on SQLite', children: [] },
  { id: 'check-question', title: 'Say it in your own words', children: [] },
  { id: LOCK_PURPOSE.id, title: LOCK_PURPOSE.title, children: [] },
  { id: TOKEN_SOURCE.id, title: TOKEN_SOURCE.title, children: [] },
  { id: CHECK_SITE.id, title: CHECK_SITE.title, children: [] },
  {
    id: 'claims-and-renewals',
    title: 'Claim short, renew with progress',
    children: sub(CLAIM_PARTS),
  },
  {
    id: 'where-it-breaks',
    title: 'Where it breaks: effects outside the table',
    children: [...sub(BREAKS_PARTS), { id: DEDUCTION.id, title: DEDUCTION.title }],
  },
  { id: 'prove-it', title: 'Prove it: the takeover tests', children: [] },
  { id: 'follow-up-questions', title: 'Follow-up questions', children: [] },
  { id: 'migration-cases', title: 'Migration cases', children: [] },
  { id: 'common-mistakes', title: 'Common mistakes', children: [] },
  { id: 'case-files', title: 'Case files: real incidents', children: [] },
  { id: 'key-inspections', title: 'What you can now do', children: [] },
  { id: 'references', title: 'References', children: [] },
];

/** Every anchor on the lesson page, sections and sub-headings. */
export function lessonAnchors(): string[] {
  return SECTIONS.flatMap((section) => [section.id, ...section.children.map((child) => child.id)]);
}
