/** What the page sends the import worker: the file's text and the journal's prompts. */
export interface ImportRequest {
  raw: string;
  knownPrompts: readonly string[] | undefined;
}
