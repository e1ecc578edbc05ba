import type { PlanResult } from './export';

/** What the page sends the import worker: the file's text and the journal's prompts. */
export interface ImportRequest {
  raw: string;
  knownPrompts: readonly string[] | undefined;
}

/** Progress while the worker validates, then one result. */
export type ImportMessage =
  { type: 'progress'; fraction: number } | { type: 'planned'; result: PlanResult };
