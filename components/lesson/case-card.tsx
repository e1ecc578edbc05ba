'use client';

import { useId } from 'react';
import type { MigrationCase } from '@/content/lesson';
import { AttemptGate } from './attempt-gate';
import { Prose } from './prose';
import { panelClass } from '@/components/ui/panel';

/** A migration case: changed condition → question → your prediction → derivation → the principle that stays. */
export function CaseCard({ item }: { item: MigrationCase }) {
  const headingId = useId();
  return (
    <article
      id={item.id}
      aria-labelledby={headingId}
      className={panelClass({ padding: 'lg' }, 'scroll-mt-6')}
    >
      <h2 id={headingId} className="text-xl font-bold">
        {item.title}
      </h2>
      <dl className="mt-3 space-y-2">
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-accent">
            1 · The condition that changed
          </dt>
          <dd>{item.changedCondition}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-accent">
            2 · The question
          </dt>
          <dd className="font-semibold">{item.question}</dd>
        </div>
      </dl>
      <AttemptGate
        id={item.id}
        item="case"
        label="3 · Your prediction"
        revealLabel="the derivation"
      >
        <div className="space-y-3 border-l-4 border-accent pl-4">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">
            4 · Derivation
          </p>
          <Prose paragraphs={item.derivation} />
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">
            5 · The principle that stays unchanged
          </p>
          <p className="font-semibold">{item.unchangedPrinciple}</p>
        </div>
      </AttemptGate>
    </article>
  );
}
