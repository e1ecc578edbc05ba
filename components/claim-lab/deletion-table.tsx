import { DELETION_EXPLANATIONS } from '@/content/claim-lab/exercises';
import type { DeletionFindings } from '@/lib/claim-lab';
import { COMMIT_CONDITIONS } from '@/lib/lease';

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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="px-2 py-1">
                Deleted condition
              </th>
              <th scope="col" className="px-2 py-1">
                Result
              </th>
              <th scope="col" className="px-2 py-1">
                Why
              </th>
            </tr>
          </thead>
          <tbody>
            {COMMIT_CONDITIONS.map((condition) => {
              const result = findings[condition];
              return (
                <tr key={condition} className="border-b border-line/60 align-top">
                  <th scope="row" className="px-2 py-1 font-mono font-normal">
                    {DELETION_EXPLANATIONS[condition].label}
                  </th>
                  <td
                    className={`px-2 py-1 font-semibold ${result === 'let-through' ? 'text-good' : 'text-muted'}`}
                  >
                    {result ? RESULT_TEXT[result] : 'not tried yet'}
                  </td>
                  <td className="px-2 py-1">
                    {result
                      ? DELETION_EXPLANATIONS[condition].why
                      : 'Delete only this condition and run.'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
