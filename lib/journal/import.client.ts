import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startJournalImportWorker } from '@/lib/worker/start/journal-import';
import type { ImportResult, PlanResult } from './export';
import { applyImport } from './import-apply';
import { numberImport } from './import-numbers';
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

/** Main-thread time one slice of writing an import may take (the bound is 50 ms). */
const SLICE_MS = 20;

/**
 * Imports a journal file without blocking the page: validated in a worker, then written to
 * storage in slices of about SLICE_MS, yielding to the page between them. A slice's size follows
 * what the entries cost: 5,000 small ones go many to a slice, 20,000-character rewrites (each
 * compressed) one or two (issue 42: fixed slices of 200 made tasks of over a second).
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
  // Numbered once, before the first slice: the slices then write what the whole file fits.
  const entries = numberImport(journal, planned.plan).entries;
  let batch = 1;
  let added = 0;
  let skipped = 0;
  let kept = 0;
  for (let from = 0; from < entries.length;) {
    onProgress({ phase: 'saving', fraction: from / entries.length });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const started = performance.now();
    const slice = entries.slice(from, from + batch);
    const result = applyImport(journal, { entries: slice });
    added += result.added;
    if (!result.ok) return { ok: false, added, reason: result.reason };
    skipped += result.skipped;
    kept += result.kept;
    from += slice.length;
    const perEntry = Math.max(0.01, (performance.now() - started) / slice.length);
    batch = Math.max(1, Math.min(500, Math.floor(SLICE_MS / perEntry)));
  }
  onProgress({ phase: 'saving', fraction: 1 });
  return { ok: true, added, skipped, kept };
}
