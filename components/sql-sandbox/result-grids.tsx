import type { ResultGrid } from '@/lib/sqlite/console';

function shorten(sql: string): string {
  const flat = sql
    .replace(/--[^\n]*\n/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
}

/** One table per statement, with the statement as its caption. */
export function ResultGrids({ grids }: { grids: readonly ResultGrid[] }) {
  if (grids.length === 0) return null;
  return (
    <ol className="space-y-4">
      {grids.map((grid, index) => (
        <li key={index} className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <caption className="bg-surface-2 px-3 py-2 text-left font-mono text-xs text-muted">
              <span className="mr-2 font-sans font-semibold text-ink">#{index + 1}</span>
              {shorten(grid.sql)}
              {grid.columns.length === 0 ? (
                <span className="ml-2 font-sans font-semibold text-ink">
                  {grid.changed} {grid.changed === 1 ? 'row' : 'rows'} changed
                </span>
              ) : null}
            </caption>
            {grid.columns.length > 0 ? (
              <>
                <thead>
                  <tr>
                    {grid.columns.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className="border-b border-line px-3 py-1.5 font-semibold"
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {grid.rows.length === 0 ? (
                    <tr>
                      <td colSpan={grid.columns.length} className="px-3 py-1.5 text-muted">
                        (no rows)
                      </td>
                    </tr>
                  ) : (
                    grid.rows.map((row, r) => (
                      <tr key={r} className="odd:bg-surface-2/50">
                        {row.map((value, c) => (
                          <td key={c} className="px-3 py-1 font-mono">
                            {value === null ? (
                              <span className="text-muted">NULL</span>
                            ) : (
                              String(value)
                            )}
                          </td>
                        ))}
                      </tr>
                    ))
                  )}
                </tbody>
              </>
            ) : null}
          </table>
          {grid.truncated ? (
            <p className="px-3 py-1.5 text-xs text-muted">Only the first rows are shown.</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
