import type { EntryMeta } from '@/lib/journal';
import type { Notice } from './notices';

/**
 * What an answer box says when the prompt's newest version changed without this box saving it.
 * Written by another tab (another writer): that tab's save, with its time. Written by this tab's
 * own writer, it came from an import in this page (issue 42 review F13: "saved in another tab 3
 * minutes ago" was shown after an import in the only tab, with the file's time): the import's own
 * line says what happened, so nothing more when the box follows it; with unsaved text here, that
 * the text stays.
 */
export function headChangeNotice(
  head: Pick<EntryMeta, 'time' | 'writer'>,
  headNumber: number,
  dirty: boolean,
  writer: string,
): Notice | null {
  if (head.writer === writer)
    return dirty
      ? {
          tone: 'warn',
          text: `Version ${headNumber} was imported. Your unsaved text stays here; saving it keeps both, yours marked as a branch.`,
        }
      : null;
  return dirty
    ? {
        tone: 'warn',
        text: `Another tab saved version ${headNumber} {time}. Your unsaved text stays here; saving it keeps both, yours marked as a branch.`,
        at: head.time,
      }
    : {
        tone: 'info',
        text: `Updated to version ${headNumber}, saved in another tab {time}.`,
        at: head.time,
      };
}
