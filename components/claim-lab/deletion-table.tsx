import { DELETION_EXPLANATIONS } from '@/content/claim-lab/exercises';
import type { DeletionFindings } from '@/lib/claim-lab';
import { COMMIT_CONDITIONS } from '@/lib/lease';
import { Cell, Row, Table } from '@/components/ui/table';

// The challenge asks for the deletion that lets the stale finish through: that one is the success.
const RESULT_TEXT = {
  'let-through': '✓ solves it: let old: 1 through',
  blocked: 'no: still old: 0',
} as const;

/** What deleting each finish condition did in the drop-one-condition challenge, and why. */
export function DeletionTable({ findings }: { findings: DeletionFindings }) {
  const tried = COMMIT_CONDITIONS.filter((c) => findings[c]).length;
  return (
    <section aria-labelledby="deletions-heading" className="space-y-2">
      <h3 id="deletions-heading" className="text-base font-bold">
        Deletions tried: {tried} of 4
      </h3>
      <Table labelledBy="deletions-heading" columns={['Deleted condition', 'Result', 'Why']}>
        {COMMIT_CONDITIONS.map((condition) => {
          const result = findings[condition];
          return (
            <Row key={condition}>
              <Cell header className="font-mono">
                {DELETION_EXPLANATIONS[condition].label}
              </Cell>
              <Cell
                className={`font-semibold ${result === 'let-through' ? 'text-good' : 'text-muted'}`}
              >
                {result ? RESULT_TEXT[result] : 'not tried yet'}
              </Cell>
              <Cell>
                {result
                  ? DELETION_EXPLANATIONS[condition].why
                  : 'Delete only this condition and run.'}
              </Cell>
            </Row>
          );
        })}
      </Table>
    </section>
  );
}
