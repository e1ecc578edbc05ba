'use client';

import { ASSESSMENT_GROUPS, ASSESSMENT_ITEMS } from '@/content/reflect';
import { ProgressView } from './progress-view';
import { RatingForm } from './rating-form';
import { useSelfAssessment } from './use-self-assessment';
import { useWorkFacts } from './use-work-facts';

/** Evidence now comes from graded work (useWorkFacts), not from counting activity kinds. */
const KINDS: readonly string[] = [];

/** Rate yourself on every standard, inspection and checkpoint; see progress and evidence. */
export function SelfAssessment() {
  const { state, error, rate, note } = useSelfAssessment(KINDS);
  const facts = useWorkFacts();
  if (error) return <p role="alert">{error}</p>;
  if (!state) return <p className="text-muted">Opening your records…</p>;
  return (
    <div className="space-y-10">
      {state.problems.length ? (
        <div role="alert" className="rounded-md border-l-4 border-bad bg-surface-2 px-3 py-2">
          {state.problems.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : null}
      {ASSESSMENT_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="space-y-3">
          <h2 id={`group-${group.id}`} className="text-2xl font-bold">
            {group.title}
          </h2>
          <p className="text-muted">{group.intro}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {ASSESSMENT_ITEMS.filter((i) => i.group === group.id).map((item) => {
              return (
                <RatingForm
                  key={item.id}
                  item={item}
                  latest={state.latest.get(item.id)}
                  storedNote={state.notes.get(item.id)}
                  onRate={rate}
                  onNote={note}
                />
              );
            })}
          </div>
        </section>
      ))}
      <ProgressView state={state} facts={facts} />
    </div>
  );
}
