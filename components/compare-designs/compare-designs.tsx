'use client';

import { useState } from 'react';
import { DESIGN_CATALOG } from '@/lib/lease';
import { BOUND_CHOICES, describeBound } from '@/lib/checker';
import { Button } from '@/components/ui/button';
import { CustomDesign } from './custom-design';
import { DesignCard } from './design-card';
import { DropCondition } from './drop-condition';
import { useChecker } from './use-checker';

/** The Compare designs exercise: search settings, the catalog, "Check my design" and "Drop one condition". */
export function CompareDesigns() {
  const checker = useChecker();
  const [boundId, setBoundId] = useState(BOUND_CHOICES[0].id);
  const [stateCache, setStateCache] = useState(true);
  const bound = (BOUND_CHOICES.find((b) => b.id === boundId) ?? BOUND_CHOICES[0]).bound;
  const busy = checker.running !== null;

  // One design after another, the lesson's first; Stop ends the whole run.
  const checkAll = async () => {
    for (const design of DESIGN_CATALOG) {
      if ((await checker.check(design.id, design, bound, stateCache)) === 'stopped') break;
    }
  };

  return (
    <div className="grid gap-10 *:min-w-0">
      <fieldset className="grid gap-3 rounded-lg border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Search bound</legend>
        <label className="grid gap-1 text-sm sm:max-w-md">
          Workers and their programs
          <select
            className="rounded-md border border-line bg-surface px-2 py-1.5"
            value={boundId}
            disabled={busy}
            onChange={(e) => setBoundId(e.target.value)}
          >
            {BOUND_CHOICES.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <ul className="text-sm text-muted">
          {describeBound(bound).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            Lease {bound.leaseSeconds} s; a pause moves the clock {bound.pauseSeconds} s.
          </li>
        </ul>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={stateCache}
            disabled={busy}
            onChange={(e) => setStateCache(e.target.checked)}
          />
          Skip states already explored (the state cache). Without it every schedule runs step by
          step.
        </label>
      </fieldset>

      <section aria-labelledby="catalog-heading" className="grid gap-4 *:min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="catalog-heading" className="text-xl font-bold">
            The designs
          </h2>
          <Button variant="primary" disabled={busy} onClick={() => void checkAll()}>
            Check every design
          </Button>
        </div>
        <div className="grid gap-4 lg:grid-cols-2 *:min-w-0">
          {DESIGN_CATALOG.map((design) => (
            <DesignCard
              key={design.id}
              design={design}
              state={checker.stateOf(design.id)}
              busy={busy}
              onCheck={() => void checker.check(design.id, design, bound, stateCache)}
              onStop={checker.stop}
            />
          ))}
        </div>
      </section>

      <DropCondition checker={checker} bound={bound} stateCache={stateCache} />
      <CustomDesign checker={checker} bound={bound} stateCache={stateCache} />
    </div>
  );
}
