'use client';

import { useEffect, useRef } from 'react';
import type { Checker } from './use-checker';
import { panelClass } from '@/components/ui/panel';

/** One line per design of a "Check every design" run, beside the button that started it. */
export function CheckAllSummary({
  checker,
  designs,
}: {
  checker: Checker;
  designs: readonly { key: string; name: string }[];
}) {
  const box = useRef<HTMLDivElement>(null);
  // The results come into view as soon as the run starts, not below the fold.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const done = designs.filter((d) => checker.stateOf(d.key).status === 'done').length;
  return (
    <div
      ref={box}
      className={panelClass({ tone: 'plain' }, 'scroll-mt-4')}
      data-testid="check-all-summary"
    >
      <p role="status" aria-live="polite" className="font-semibold">
        {done} of {designs.length} designs checked
      </p>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {designs.map((d) => {
          const state = checker.stateOf(d.key);
          const verdict =
            state.status === 'done'
              ? state.result.verdict === 'safe'
                ? { text: 'safe within the bound', tone: 'text-good' }
                : {
                    text: `unsafe: property ${state.result.counterexample?.violation.property} breaks`,
                    tone: 'text-bad',
                  }
              : state.status === 'running'
                ? { text: 'checking…', tone: 'text-muted' }
                : state.status === 'invalid'
                  ? { text: 'not valid SQL for the checker', tone: 'text-bad' }
                  : state.status === 'idle'
                    ? { text: 'waiting', tone: 'text-muted' }
                    : { text: state.status, tone: 'text-muted' };
          return (
            <li key={d.key} className="flex min-w-0 flex-wrap gap-x-2">
              <span className="font-semibold">{d.name}:</span>{' '}
              <span className={verdict.tone}>{verdict.text}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
