import { showMessage } from '@/lib/bounded';
import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startHistoryImportWorker } from '@/lib/worker/start/history-import';
import { historySizeProblem, type HistoryImport } from './history-import';

/** How long reading one history file may take in its Web Worker before it is stopped. */
export const HISTORY_IMPORT_TIMEOUT_MS = 30_000;

/**
 * Imports a history file in a Web Worker of its own (read, parsed, validated, drawn and cut
 * there), under a time limit; the worker ends with the import. A file over the size limit is
 * refused before anything reads it.
 */
export async function importHistoryInWorker(
  file: File,
  timeoutMs = HISTORY_IMPORT_TIMEOUT_MS,
): Promise<HistoryImport> {
  const tooBig = historySizeProblem(file.size);
  if (tooBig) return { ok: false, error: showMessage(tooBig) };
  const worker = new GuardedWorker<File, HistoryImport>(startHistoryImportWorker, timeoutMs);
  try {
    const answer = await worker.request(file);
    switch (answer.kind) {
      case 'ok':
        return answer.value;
      case 'timeout':
        return {
          ok: false,
          error: showMessage(
            `Reading the file took longer than ${timeoutMs / 1000} seconds (the limit), so it was stopped.`,
          ),
        };
      case 'stopped':
        return { ok: false, error: showMessage('The import was stopped.') };
      default:
        return { ok: false, error: showMessage(`The file could not be read (${answer.message}).`) };
    }
  } finally {
    worker.terminate();
  }
}
