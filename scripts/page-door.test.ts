import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ShownText } from '@/lib/bounded';
import type { CheckOutcome } from '@/lib/checker/client';
import type { StatementProblem } from '@/lib/checker/validate';
import type { LabError, LabRun, LabStep } from '@/lib/claim-lab';
import type { LabCell, LabTable } from '@/lib/claim-lab/snapshot';
import type { HistoryImport } from '@/lib/crashlab/history-import';
import type { ResultCell, ResultGrid, ScriptError } from '@/lib/sqlite/console';

// Issue 27: every text the components receive from learner code, a database, storage or a file
// has the door's type (lib/bounded's ShownText), which only the door makes. These checks are
// types: `npm test` runs `tsc --noEmit` over this file, and each fails there if a field goes
// back to plain `string` (each @ts-expect-error then has no error to expect, which is an error).
type Fails = { kind: 'error'; message: string };

describe('the door to the page, by type', () => {
  it('claim lab: messages, statements, output lines, snapshot cells and column names', () => {
    expectTypeOf<LabError['message']>().toEqualTypeOf<ShownText>();
    expectTypeOf<LabRun['output']>().toEqualTypeOf<ShownText[]>();
    expectTypeOf<LabRun['statements']>().toEqualTypeOf<ShownText[]>();
    expectTypeOf<LabStep['sql']>().toEqualTypeOf<ShownText>();
    expectTypeOf<LabTable['columns']>().toEqualTypeOf<ShownText[]>();
    expectTypeOf<LabCell>().toEqualTypeOf<ShownText | number | null>();
    // @ts-expect-error a plain string is not a lab message
    const message: LabError['message'] = 'E'.repeat(3);
    expect(message).toBe('EEE');
  });

  it('SQL console: cells, column names, the statement caption and the error', () => {
    expectTypeOf<ResultGrid['columns']>().toEqualTypeOf<ShownText[]>();
    expectTypeOf<ResultGrid['sql']>().toEqualTypeOf<ShownText>();
    expectTypeOf<ResultCell>().toEqualTypeOf<ShownText | number | null>();
    expectTypeOf<ScriptError['message']>().toEqualTypeOf<ShownText>();
    // @ts-expect-error a column name straight from SQLite is not shown text
    const columns: ResultGrid['columns'] = ['n'];
    expect(columns).toHaveLength(1);
  });

  it('checker and crash-lab import: messages', () => {
    expectTypeOf<StatementProblem['message']>().toEqualTypeOf<ShownText>();
    expectTypeOf<Extract<CheckOutcome, { kind: 'error' }>['message']>().toEqualTypeOf<ShownText>();
    expectTypeOf<Extract<HistoryImport, { ok: false }>['error']>().toEqualTypeOf<ShownText>();
    expectTypeOf<
      Extract<HistoryImport, { ok: true }>['lanesCut']
    >().toEqualTypeOf<ShownText | null>();
    expectTypeOf<
      Extract<HistoryImport, { ok: true }>['marksCut']
    >().toEqualTypeOf<ShownText | null>();
    // @ts-expect-error an error outcome needs a message that passed the door
    const outcome: CheckOutcome = { kind: 'error', message: 'x' } satisfies Fails;
    expect(outcome.kind).toBe('error');
  });
});
