'use client';

import { useEffect, useId, useState } from 'react';
import type { MigrationCase, MigrationCasePrompt } from '@/content/lesson';
import { AttemptGate } from './attempt-gate';
import { Prose } from './prose';
import { panelClass } from '@/components/ui/panel';

type Derivation = Pick<MigrationCase, 'derivation' | 'unchangedPrinciple'>;

/** The derivation, fetched when it is first shown (after an attempt): not in the page's data. */
function LoadedDerivation({ id }: { id: string }) {
  const [found, setFound] = useState<Derivation | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import('@/content/lesson/answer-book').then(
      (book) => live && setFound(book.caseDerivation(id)),
      () => live && setFound(null),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (found === undefined) return <p className="text-muted">Loading the derivation…</p>;
  if (found === null)
    return <p className="text-bad">The derivation could not be loaded. Reload to try again.</p>;
  return (
    <>
      <Prose paragraphs={found.derivation} />
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">
        5 · The principle that stays unchanged
      </p>
      <p className="font-semibold">{found.unchangedPrinciple}</p>
    </>
  );
}

/** A migration case: changed condition → question → your prediction → derivation → the principle that stays. */
export function CaseCard({ item }: { item: MigrationCasePrompt }) {
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
          <LoadedDerivation id={item.id} />
        </div>
      </AttemptGate>
    </article>
  );
}
