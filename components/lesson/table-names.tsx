import { Cell, Row, Table } from '@/components/ui/table';
import { JOBS_TABLE, RUNS_TABLE, type RunTable } from '@/lib/lease';

/** What each name is for, in the order a learner reads the row. */
const PARTS: readonly { key: keyof RunTable; what: string; quoted?: boolean }[] = [
  { key: 'name', what: 'the table' },
  { key: 'id', what: 'the run’s id' },
  { key: 'owner', what: 'who holds the lease' },
  { key: 'leaseUntil', what: 'when the lease runs out' },
  { key: 'fence', what: 'the fencing token (generation)' },
  { key: 'status', what: 'where the run is' },
  { key: 'queued', what: 'waiting for its first claim', quoted: true },
];

/**
 * The claim lab's demo keeps the Python demo's compact names (jobs, until, state); the lesson
 * says runs, lease_until, status. One table, two sets of names: this maps them, read from the
 * two aliases the design is built on, so it cannot disagree with the SQL either page runs.
 */
export function TableNames({ className = '' }: { className?: string }) {
  const name = (table: RunTable, part: (typeof PARTS)[number]) =>
    part.quoted ? `'${table[part.key]}'` : table[part.key];
  return (
    <Table
      className={`max-w-xl rounded-md border border-line ${className}`.trim()}
      caption={`The claim lab’s demo table is the lesson’s ${RUNS_TABLE.name} table under shorter names.`}
      columns={['Claim lab (demo)', 'Lesson', 'What it holds']}
    >
      {PARTS.map((part) => (
        <Row key={part.key}>
          <Cell header>
            <code>{name(JOBS_TABLE, part)}</code>
          </Cell>
          <Cell>
            <code>{name(RUNS_TABLE, part)}</code>
          </Cell>
          <Cell className="text-muted">{part.what}</Cell>
        </Row>
      ))}
    </Table>
  );
}
