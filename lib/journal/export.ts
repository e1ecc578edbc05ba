import { z } from 'zod';
import { applyDelta, computeDelta, deltaCost, type Op } from './delta';
import { MAX_ENTRIES_PER_SEGMENT, MAX_IMPORT_SAVE_NUMBER } from './bounds';
import { deltaSchema, ENTRY_KINDS, MAX_ANSWER_CHARS, promptIdSchema } from './schema';
import { applyImport } from './import-apply';
import { numberImport } from './import-numbers';
import type { EntryMeta, Journal } from './store';

export const EXPORT_FORMAT = 'lease-lab.journal';
/** The largest import accepted, in characters: more than the whole storage quota could hold. */
export const MAX_IMPORT_CHARS = 8 * 1024 * 1024;

const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'an entry id uses letters, digits, "_" and "-" only');

const tooFar = `a save number (gen) past ${MAX_IMPORT_SAVE_NUMBER.toLocaleString('en-US')}, more than any history this app keeps (every later save of the answer would be refused)`;
/** Save numbers an import may bring: the journal's own range, less room for later saves. */
const importSaveNumber = z.number().int().min(1).max(MAX_IMPORT_SAVE_NUMBER, tooFar);
const importBaseNumber = z.number().int().min(0).max(MAX_IMPORT_SAVE_NUMBER, tooFar);

const exportEntrySchema = z
  .object({
    id: idSchema,
    gen: importSaveNumber,
    base: importBaseNumber,
    parent: idSchema.nullable(),
    time: z.number().int().min(0).max(8.64e15),
    size: z.number().int().min(0).max(MAX_ANSWER_CHARS),
    kind: z.enum(ENTRY_KINDS),
    stale: z.boolean().optional(),
    restoredFrom: idSchema.nullable().optional(),
    text: z.string().max(MAX_ANSWER_CHARS).optional(),
    patch: deltaSchema.optional(),
  })
  .strict();

/**
 * The export file: every prompt's history, oldest first. The first entry of a prompt holds its
 * full text; a later one holds either its text or a patch against the entry before it.
 */
export const exportFileSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(1),
    exportedAt: z.number().int().min(0),
    prompts: z
      .array(
        z
          .object({
            prompt: promptIdSchema,
            entries: z.array(exportEntrySchema).max(MAX_ENTRIES_PER_SEGMENT),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();
export type ExportFile = z.infer<typeof exportFileSchema>;
export type ExportEntry = z.infer<typeof exportEntrySchema>;

/**
 * Everything in the journal as one JSON-ready object. Unsaved texts (say, kept in memory when
 * storage was full) are added as 'draft' entries so an export never loses them.
 */
export function exportJournal(
  journal: Journal,
  unsaved: Record<string, string> = {},
  now: number = Date.now(),
): ExportFile {
  const names = new Set([...journal.prompts(), ...Object.keys(unsaved)]);
  const prompts: ExportFile['prompts'] = [];
  for (const prompt of [...names].sort()) {
    const entries: ExportEntry[] = [];
    let prev: string | null = null;
    const push = (meta: Omit<EntryMeta, 'prompt' | 'concurrent' | 'writer'>, text: string) => {
      const ops: Op[] | null = prev === null ? null : computeDelta(prev, text);
      const entry: ExportEntry = {
        id: meta.id,
        gen: meta.gen,
        base: meta.base,
        parent: meta.parent,
        time: meta.time,
        size: text.length,
        kind: meta.kind,
        ...(meta.stale ? { stale: true } : {}),
        ...(meta.restoredFrom ? { restoredFrom: meta.restoredFrom } : {}),
        ...(ops && deltaCost(ops) * 2 <= text.length + 64 ? { patch: ops } : { text }),
      };
      entries.push(entry);
      prev = text;
    };
    for (const meta of journal.history(prompt)) {
      const text = journal.textOf(prompt, meta.id);
      if (text !== null) push(meta, text);
    }
    const draft = unsaved[prompt];
    const head = journal.head(prompt);
    if (draft !== undefined && draft !== (head ? journal.textOf(prompt, head.id) : '')) {
      push(
        {
          id: `draft-${journal.writer}-${now.toString(36)}`,
          gen: (head?.gen ?? 0) + 1,
          base: head?.gen ?? 0,
          parent: head?.id ?? null,
          time: now,
          size: draft.length,
          kind: 'draft',
          stale: false,
          restoredFrom: null,
        },
        draft,
      );
    }
    if (entries.length) prompts.push({ prompt, entries });
  }
  return { format: EXPORT_FORMAT, version: 1, exportedAt: now, prompts };
}

/**
 * What an import did: versions added, versions already there (same id, same text) skipped, and
 * versions whose id was taken by a different text, kept as new versions beside it.
 */
export type ImportResult =
  | { ok: true; added: number; skipped: number; kept: number }
  | { ok: false; reason: string; added: number };

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `${issue?.message ?? 'invalid content'}${where}`;
}

/** A validated import: every entry with its decoded text, in file order. */
export interface ImportPlan {
  entries: { prompt: string; entry: ExportEntry; text: string }[];
}

export type PlanResult = { ok: true; plan: ImportPlan } | { ok: false; reason: string };

/**
 * Validates an export file completely (shape, sizes, every patch replayed) without touching
 * storage. Pure and synchronous: the page runs it in a worker for large files (see
 * import.client.ts), reporting progress as a fraction of entries checked.
 */
export function planImport(
  raw: string,
  knownPrompts?: readonly string[],
  onProgress?: (fraction: number) => void,
): PlanResult {
  if (raw.length > MAX_IMPORT_CHARS) {
    return {
      ok: false,
      reason: `The file is too large (${(raw.length / 1_048_576).toFixed(1)} MB); a journal export is at most ${MAX_IMPORT_CHARS / 1_048_576} MB.`,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'The file is not JSON, so it cannot be a journal export.' };
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { format?: unknown }).format !== EXPORT_FORMAT
  ) {
    return {
      ok: false,
      reason: `The file is not a journal export (it lacks "format": "${EXPORT_FORMAT}").`,
    };
  }
  const parsed = exportFileSchema.safeParse(data);
  if (!parsed.success)
    return { ok: false, reason: `The file is damaged: ${describeIssue(parsed.error)}.` };

  const plan: ImportPlan['entries'] = [];
  const ids = new Set<string>();
  const total = parsed.data.prompts.reduce((n, p) => n + p.entries.length, 0);
  let checked = 0;
  for (const { prompt, entries } of parsed.data.prompts) {
    if (knownPrompts && !knownPrompts.includes(prompt)) {
      return {
        ok: false,
        reason: `The file has answers for "${prompt}", which is not a prompt of this journal.`,
      };
    }
    let prev: string | null = null;
    for (const [i, entry] of entries.entries()) {
      checked += 1;
      if (onProgress && checked % 500 === 0) onProgress(checked / total);
      const where = `${prompt}, entry ${i + 1}`;
      if (ids.has(`${prompt}/${entry.id}`))
        return { ok: false, reason: `The file lists entry ${entry.id} twice (${where}).` };
      ids.add(`${prompt}/${entry.id}`);
      if ((entry.text === undefined) === (entry.patch === undefined)) {
        return { ok: false, reason: `Each entry needs either a text or a patch (${where}).` };
      }
      let text: string;
      try {
        if (entry.text !== undefined) text = entry.text;
        else if (prev === null)
          return {
            ok: false,
            reason: `The first entry of a prompt must hold its full text (${where}).`,
          };
        else text = applyDelta(prev, entry.patch as Op[]);
      } catch (error) {
        return {
          ok: false,
          reason: `A patch does not fit its text (${where}): ${(error as Error).message}.`,
        };
      }
      if (text.length > MAX_ANSWER_CHARS) {
        return {
          ok: false,
          reason: `An answer is longer than ${MAX_ANSWER_CHARS.toLocaleString('en-US')} characters (${where}).`,
        };
      }
      if (text.length !== entry.size) {
        return {
          ok: false,
          reason: `An entry's size says ${entry.size} but its text has ${text.length} characters (${where}).`,
        };
      }
      plan.push({ prompt, entry, text });
      prev = text;
    }
  }
  onProgress?.(1);
  return { ok: true, plan: { entries: plan } };
}

/** Validates an export file, then merges it (planImport, then applyImport), in one call. */
export function importJournal(
  journal: Journal,
  raw: string,
  knownPrompts?: readonly string[],
): ImportResult {
  const planned = planImport(raw, knownPrompts);
  if (!planned.ok) return { ok: false, added: 0, reason: planned.reason };
  return applyImport(journal, numberImport(journal, planned.plan));
}
