'use client';

import type { TableDump } from '@/lib/crashlab';
import { isClockReading, relativeTime } from './words';

/** Every row of a database's tables, as SQLite holds them right now. */
export function DatabaseTables({ title, tables }: { title: string; tables: TableDump[] }) {
  // Clock readings are shown from the first one in these tables: "t = 3.2 s", raw in a tooltip.
  const readings = tables.flatMap((t) =>
    t.rows.flatMap((row) => row.filter((cell, j) => isClockReading(t.columns[j], cell))),
  ) as number[];
  const origin = readings.length > 0 ? Math.min(...readings) : 0;
  return (
    <div className="grid gap-4">
      {tables.map((table) => (
        // Wide tables scroll sideways at 390px; the region is focusable so keyboards can scroll it.
        <div
          key={table.name}
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-accent"
          tabIndex={0}
          role="region"
          aria-label={`${title}: ${table.name}`}
        >
          <table className="w-full border-collapse text-left text-xs">
            <caption className="mb-1 text-left text-sm font-semibold">
              {title}: {table.name} ({table.rows.length} {table.rows.length === 1 ? 'row' : 'rows'})
            </caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className="whitespace-nowrap border-b border-line px-2 py-1 font-semibold"
                  >
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td
                      key={j}
                      className="whitespace-nowrap border-b border-line px-2 py-1 font-mono"
                    >
                      {cell === null ? (
                        'NULL'
                      ) : isClockReading(table.columns[j], cell) ? (
                        <span title={`${cell} (seconds on the database clock)`}>
                          {relativeTime(cell, origin)}
                        </span>
                      ) : (
                        String(cell)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
