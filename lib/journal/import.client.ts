import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startJournalImportWorker } from '@/lib/worker/start/journal-import';
import { applyImport, type ImportResult, type PlanResult } from './export';
import type { ImportRequest } from './import.protocol';
import type { Journal } from './store';

/** How long validating one file may take in the worker before it is stopped. */
export const IMPORT_TIMEOUT_MS = 60_000;

/** Where an import is: validating in the worker, or writing to storage. */
export interface ImportProgress {
  phase: 'checking' | 'saving';
  fraction: number;
}

/** Validates a journal file in a Web Worker (parse, schema, every patch replayed), with progress and a time limit. */
export async function planImportInWorker(
  raw: string,
  knownPrompts: readonly string[] | undefined,
  onProgress: (fraction: number) => void,
  timeoutMs = IMPORT_TIMEOUT_MS,
): Promise<PlanResult> {
  const worker = new GuardedWorker<ImportRequest, PlanResult, number>(
    startJournalImportWorker,
    timeoutMs,
  );
  try {
    const answer = await worker.request({ raw, knownPrompts }, { onProgress });
    switch (answer.kind) {
      case 'ok':
        return answer.value;
      case 'timeout':
        return {
          ok: false,
          reason: `Checking the file took longer than ${timeoutMs / 1000} seconds (the limit), so it was stopped.`,
        };
      case 'stopped':
        return { ok: false, reason: 'The import was stopped.' };
      default:
        return { ok: false, reason: `The file could not be checked (${answer.message}).` };
    }
  } finally {
    worker.terminate();
  }
}

/**
 * Imports a journal file without blocking the page: validated in a worker, then written to
 * storage a segment's worth of entries at a time, yielding to the page between them.
 */
export async function importJournalFile(
  journal: Journal,
  raw: string,
  knownPrompts: readonly string[] | undefined,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  const planned = await planImportInWorker(raw, knownPrompts, (fraction) =>
    onProgress({ phase: 'checking', fraction }),
  );
  if (!planned.ok) return { ok: false, added: 0, reason: planned.reason };
  const entries = planned.plan.entries;
  const chunk = 200;
  let added = 0;
  let skipped = 0;
  for (let from = 0; from < entries.length; from += chunk) {
    onProgress({ phase: 'saving', fraction: from / entries.length });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const result = applyImport(journal, { entries: entries.slice(from, from + chunk) });
    added += result.added;
    if (!result.ok) return { ok: false, added, reason: result.reason };
    skipped += result.skipped;
  }
  onProgress({ phase: 'saving', fraction: 1 });
  return { ok: true, added, skipped };
}
