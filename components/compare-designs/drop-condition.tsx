'use client';

import { COMMIT_CONDITIONS, conditionSql, dropFinishCondition } from '@/lib/lease';
import type { Bound } from '@/lib/checker';
import { Button } from '@/components/ui/button';
import { CheckStatus } from './check-status';
import { SqlBlocks } from './sql-block';
import type { Checker } from './use-checker';
import { panelClass } from '@/components/ui/panel';

/** "Drop one condition": the lesson's finish without one of its four checks, checked one at a time. */
export function DropCondition({
  checker,
  bound,
  stateCache,
}: {
  checker: Checker;
  bound: Bound;
  stateCache: boolean;
}) {
  return (
    <section aria-labelledby="drop-heading" className="grid gap-4 *:min-w-0">
      <h2 id="drop-heading" className="text-xl font-bold">
        Drop one condition
      </h2>
      <p className="text-sm text-muted">
        The lesson’s finish checks owner, fence, lease and state together. Remove one at a time and
        see which removals the checker can break, and with which schedule. A removal the checker
        cannot break is not proof the check is useless: it means another condition covers it within
        this bound.
      </p>
      <div className="grid gap-4 lg:grid-cols-2 *:min-w-0">
        {COMMIT_CONDITIONS.map((condition) => {
          const design = dropFinishCondition(condition);
          const headingId = `drop-${condition}`;
          return (
            <section
              key={condition}
              aria-labelledby={headingId}
              className={panelClass(
                { tone: 'plain' },
                'grid min-w-0 content-start gap-3 *:min-w-0',
              )}
            >
              <h3 id={headingId} className="font-bold">
                Without <code>{conditionSql(condition)}</code>
              </h3>
              <SqlBlocks statements={[{ label: 'Finish', sql: design.finish }]} />
              <div>
                <Button
                  variant="primary"
                  disabled={checker.running !== null}
                  onClick={() => void checker.check(design.id, design, bound, stateCache)}
                >
                  Check
                </Button>
              </div>
              <CheckStatus
                state={checker.stateOf(design.id)}
                onStop={checker.stop}
                label={design.name}
              />
            </section>
          );
        })}
      </div>
    </section>
  );
}
