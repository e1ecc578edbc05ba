'use client';

import { useState } from 'react';
import { DESIGN_CATALOG, dropFinishCondition, COMMIT_CONDITIONS } from '@/lib/lease';
import {
  BOUND_CHOICES,
  describeBound,
  type ConditionPicks,
  type StatementDraft,
} from '@/lib/checker';
import { Button } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { CheckAllSummary } from './check-all-summary';
import { CUSTOM_DESIGN_KEY, CustomDesign, LESSON_DRAFT, LESSON_PICKS } from './custom-design';
import { DesignCard } from './design-card';
import { DropCondition } from './drop-condition';
import { useChecker } from './use-checker';
import { panelClass } from '@/components/ui/panel';

const DROP_VARIANTS = COMMIT_CONDITIONS.map((c) => dropFinishCondition(c));
const ALL_DESIGNS = [...DESIGN_CATALOG, ...DROP_VARIANTS];
const SUMMARY = [
  ...ALL_DESIGNS.map((d) => ({ key: d.id, name: d.name })),
  { key: CUSTOM_DESIGN_KEY, name: 'Your design' },
];

/** The Compare designs exercise: search settings, the catalog, "Check my design" and "Drop one condition". */
export function CompareDesigns() {
  const checker = useChecker();
  const [boundId, setBoundId] = useState(BOUND_CHOICES[0].id);
  const [stateCache, setStateCache] = useState(true);
  const [draft, setDraft] = useState<StatementDraft>(LESSON_DRAFT);
  const [picks, setPicks] = useState<ConditionPicks>(LESSON_PICKS);
  const [checkedAll, setCheckedAll] = useState(false);
  const bound = (BOUND_CHOICES.find((b) => b.id === boundId) ?? BOUND_CHOICES[0]).bound;
  const busy = checker.running !== null;

  // Every design of the page, one after another: the catalog (the lesson's first), each
  // drop-one-condition variant, then the learner's own design. Stop ends the whole run.
  const checkAll = async () => {
    setCheckedAll(true);
    for (const design of ALL_DESIGNS) {
      if ((await checker.check(design.id, design, bound, stateCache)) === 'stopped') return;
    }
    await checker.checkDraft(CUSTOM_DESIGN_KEY, draft, bound, stateCache, picks);
  };

  return (
    <div className="grid gap-10 *:min-w-0">
      <fieldset className={panelClass({ tone: 'plain' }, 'grid gap-3')}>
        <legend className="px-1 text-sm font-semibold">Search bound</legend>
        <label className="grid gap-1 text-sm sm:max-w-md">
          Workers and their programs
          <select
            className="w-full min-w-0 rounded-md border border-line bg-surface px-2 py-1.5"
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
        <ul className="text-sm break-words text-muted">
          {describeBound(bound).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            Lease {bound.leaseSeconds} s; a pause moves the clock {bound.pauseSeconds} s.
          </li>
        </ul>
        <Reveal className="text-sm" summary="Advanced: the state cache (on by default)">
          <p className="text-muted">
            Different orders of steps often lead to the same database state. With the state cache
            the checker remembers every state it has explored and, when it reaches one again, counts
            the schedules that follow instead of running them a second time. It also counts, without
            running them, the steps of a worker whose claim was refused (they do nothing), and
            treats workers with the same program as interchangeable when the design compares worker
            names only for equality. The verdicts are the same; the search is much faster. Turn it
            off to have every schedule run step by step.
          </p>
          <label className="mt-2 flex items-start gap-2">
            <input
              type="checkbox"
              checked={stateCache}
              disabled={busy}
              onChange={(e) => setStateCache(e.target.checked)}
              className="mt-1"
            />
            <span className="min-w-0">Skip states already explored</span>
          </label>
        </Reveal>
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
        {checkedAll ? <CheckAllSummary checker={checker} designs={SUMMARY} /> : null}
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
      <CustomDesign
        checker={checker}
        bound={bound}
        stateCache={stateCache}
        draft={draft}
        setDraft={setDraft}
        picks={picks}
        setPicks={setPicks}
      />
    </div>
  );
}
