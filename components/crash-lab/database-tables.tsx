'use client';

import { Cell, Row, Table } from '@/components/ui/table';
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
        // Wide tables scroll sideways at 390px, in a region a keyboard can scroll.
        <Table
          key={table.name}
          region={`${title}: ${table.name}`}
          caption={`${title}: ${table.name} (${table.rows.length} ${table.rows.length === 1 ? 'row' : 'rows'})`}
          captionStyle="title"
          tableClassName="text-xs"
          columns={table.columns.map((c) => (
            <span key={c} className="whitespace-nowrap">
              {c}
            </span>
          ))}
        >
          {table.rows.map((row, i) => (
            <Row key={i}>
              {row.map((cell, j) => (
                <Cell key={j} className="whitespace-nowrap font-mono">
                  {cell === null ? (
                    'NULL'
                  ) : isClockReading(table.columns[j], cell) ? (
                    <span title={`${cell} (seconds on the database clock)`}>
                      {relativeTime(cell, origin)}
                    </span>
                  ) : (
                    String(cell)
                  )}
                </Cell>
              ))}
            </Row>
          ))}
        </Table>
      ))}
    </div>
  );
}
