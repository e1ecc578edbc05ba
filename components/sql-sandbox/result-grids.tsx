'use client';

import { memo, useEffect, useMemo, useState } from 'react';
import { rowsWithinCells, type ResultGrid, type ShownOf } from '@/lib/sqlite';
import { Cell, Row, Table } from '@/components/ui/table';
import { ShowMore, useShownCount } from '@/components/ui/show-more';

/** Rows of each grid drawn at first: a screenful; more on request ("Show more rows"). */
const FIRST_ROWS = 20;
/** Cells drawn per "Show more": rows enough for about this many cells (at least 10 rows). */
const CELLS_PER_BATCH = 1_000;

/**
 * Cells rendered per frame. The first rows of a run's results (at most
 * CONSOLE_LIMITS.maxTotalCells cells) appear in slices of this size, one slice per frame, so input
 * waits on one small render, never on all of them at once, even on a machine whose cores are busy.
 */
const CELLS_PER_FRAME = 400;

/** The grids before any run: one stable empty list, so the memoised grids skip re-rendering. */
export const NO_GRIDS: readonly ResultGrid[] = [];

/** Cells to render now: grows by CELLS_PER_FRAME each frame after new grids arrive. */
function useCellBudget(grids: readonly ResultGrid[]): number {
  const [shown, setShown] = useState({ grids, cells: CELLS_PER_FRAME });
  const current = shown.grids === grids ? shown.cells : CELLS_PER_FRAME;
  if (shown.grids !== grids) setShown({ grids, cells: CELLS_PER_FRAME });
  const total = grids.reduce((sum, g) => sum + g.rows.length * Math.max(1, g.columns.length), 0);
  useEffect(() => {
    if (current >= total) return;
    const frame = requestAnimationFrame(() =>
      setShown((s) => (s.grids === grids ? { grids, cells: s.cells + CELLS_PER_FRAME } : s)),
    );
    return () => cancelAnimationFrame(frame);
  }, [current, total, grids]);
  return current;
}

const count = (n: number) => n.toLocaleString('en-US');

function shownOf(what: string, cut: ShownOf): string | null {
  if (cut.shown >= cut.total && !cut.atLeast) return null;
  return `Shown ${count(cut.shown)} of ${cut.atLeast ? 'more than ' : ''}${count(cut.total)} ${what}.`;
}

/**
 * The "shown N of M" lines of a grid that was cut before it reached the page. Rows are counted
 * in the grid's count line (ShowMore); cell text is counted in the rows kept, which are all the
 * rows when none were cut.
 */
function cutLines(grid: ResultGrid): string[] {
  const { rowsShown } = grid;
  const inRows =
    rowsShown.shown < rowsShown.total || rowsShown.atLeast
      ? ` in the ${count(rowsShown.shown)} ${rowsShown.shown === 1 ? 'row' : 'rows'} kept`
      : '';
  return [
    shownOf('columns', grid.columnsShown),
    shownOf(`characters of cell text${inRows} (long cells end with …)`, grid.charsShown),
    shownOf('characters of column names (long names end with …)', grid.namesShown),
  ].filter((line): line is string => line !== null);
}

function shorten(sql: string): string {
  const flat = sql
    .replace(/--[^\n]*\n/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
}

/**
 * One statement's result: its first rows, then more on request. `budget` is how many rows the
 * frame-by-frame drawing of the whole run has reached so far.
 */
function ResultGrid({ grid, index, budget }: { grid: ResultGrid; index: number; budget: number }) {
  const batch = Math.max(10, Math.floor(CELLS_PER_BATCH / Math.max(1, grid.columns.length)));
  const { shown, more } = useShownCount(grid.rows, FIRST_ROWS, batch);
  return (
    <li className="rounded-md border border-line">
      <Table
        columns={grid.columns}
        captionStyle="bar"
        caption={
          <>
            <span className="mr-2 font-sans font-semibold text-ink">#{index + 1}</span>
            {shorten(grid.sql)}
            {grid.columns.length === 0 ? (
              <span className="ml-2 font-sans font-semibold text-ink">
                {grid.changed} {grid.changed === 1 ? 'row' : 'rows'} changed
              </span>
            ) : null}
          </>
        }
      >
        {grid.columns.length === 0 ? null : grid.rows.length === 0 ? (
          <Row>
            <Cell colSpan={grid.columns.length} className="text-muted">
              (no rows)
            </Cell>
          </Row>
        ) : (
          grid.rows.slice(0, shown > FIRST_ROWS ? shown : Math.min(shown, budget)).map((row, r) => (
            <Row key={r} className="odd:bg-surface-2/50">
              {row.map((value, c) => (
                <Cell key={c} className="font-mono">
                  {value === null ? <span className="text-muted">NULL</span> : String(value)}
                </Cell>
              ))}
            </Row>
          ))
        )}
      </Table>
      <div className="px-3">
        <ShowMore
          shown={shown}
          total={grid.rows.length}
          of={grid.rowsShown.total}
          ofAtLeast={grid.rowsShown.atLeast}
          batch={batch}
          noun="rows"
          onMore={more}
          first={FIRST_ROWS}
        />
      </div>
      {grid.truncated
        ? cutLines(grid).map((line) => (
            <p key={line} className="px-3 py-1.5 text-xs text-muted" data-testid="shown-of">
              {line}
            </p>
          ))
        : null}
    </li>
  );
}

/**
 * One table per statement, with the statement as its caption. Memoised: typing in the editor
 * beside it re-renders its parent on every key, and must not re-render thousands of cells.
 */
export const ResultGrids = memo(function ResultGrids({ grids }: { grids: readonly ResultGrid[] }) {
  // The first screenful of every grid is drawn frame by frame; later rows only on request.
  const firstRows = useMemo(
    () =>
      grids.map((grid) =>
        grid.rows.length > FIRST_ROWS ? { ...grid, rows: grid.rows.slice(0, FIRST_ROWS) } : grid,
      ),
    [grids],
  );
  const rowsNow = rowsWithinCells(firstRows, useCellBudget(firstRows));
  if (grids.length === 0) return null;
  return (
    <ol className="space-y-4">
      {grids.map((grid, index) => (
        <ResultGrid key={index} grid={grid} index={index} budget={rowsNow[index]} />
      ))}
    </ol>
  );
});
