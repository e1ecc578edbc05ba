import { CONCEPTS, IMPLEMENTATION, PRINCIPLES } from './lesson';
import type { SectionEntry } from './types';

const sub = (parts: readonly { id: string; title: string }[]) =>
  parts.map(({ id, title }) => ({ id, title }));

/** The lesson's sections in reading order: the table of contents and the anchors of /learn. */
export const SECTIONS: readonly SectionEntry[] = [
  { id: 'overview', title: 'The problem', children: [] },
  { id: 'learning-paths', title: 'Choose where to start', children: [] },
  { id: 'preparatory-concepts', title: 'Preparatory concepts', children: sub(CONCEPTS) },
  { id: 'core-principles', title: 'The core principles', children: sub(PRINCIPLES) },
  { id: 'check-question', title: 'Check your understanding', children: [] },
  { id: 'implementation', title: 'Implementation and trade-offs', children: sub(IMPLEMENTATION) },
  { id: 'sqlite-demo', title: 'SQLite demo', children: [] },
  { id: 'engineering-deduction', title: 'Engineering deduction', children: [] },
  { id: 'follow-up-questions', title: 'Follow-up questions', children: [] },
  { id: 'migration-cases', title: 'Migration cases', children: [] },
  { id: 'case-files', title: 'Case files: real incidents', children: [] },
  { id: 'common-mistakes', title: 'Common mistakes', children: [] },
  { id: 'references', title: 'References', children: [] },
  { id: 'key-inspections', title: 'Key inspections', children: [] },
];

/** Every anchor on the lesson page, sections and sub-headings. */
export function lessonAnchors(): string[] {
  return SECTIONS.flatMap((section) => [section.id, ...section.children.map((child) => child.id)]);
}
