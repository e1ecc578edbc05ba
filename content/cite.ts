/**
 * The cite marker. A content item that states a fact about a real system or paper (a case
 * file's source, a lesson part, a question, a mistake, the crash lab's boundary) names the rows
 * of docs/sources.md that back it: each row gives the primary source and a short quote from it.
 * content/sources.test.ts holds every cited id to a row, and every case file to rows of its own.
 */

/** A row id of docs/sources.md ("zookeeper-session.czxid"), or several. */
export type Cite = string | readonly string[];

/** A content item that may cite rows of docs/sources.md. */
export interface Cited {
  cite?: Cite;
}

/** The cited ids as a list. */
export function citedIds(cite: Cite | undefined): readonly string[] {
  if (cite === undefined) return [];
  return typeof cite === 'string' ? [cite] : cite;
}
