'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { scenarioEventLabel, parseScenario, type Scenario } from '@/lib/timeline';
import { BuilderSettings } from './builder-settings';
import { ConditionSettings } from './condition-settings';
import { NewEvent } from './new-event';

/** Add, remove and reorder events, and change the settings; invalid changes are refused with a message. */
export function ScenarioBuilder({
  scenario,
  onChange,
  onStartBlank,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
  onStartBlank: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);

  /** Applies a change the schema accepts; false (and the reason shown) when it refuses it. */
  const apply = (next: Scenario): boolean => {
    const checked = parseScenario(next);
    if (!checked.ok) {
      setProblem(checked.message);
      return false;
    }
    setProblem(null);
    onChange(checked.scenario);
    return true;
  };

  const move = (index: number, by: -1 | 1) => {
    const events = [...scenario.events];
    const [event] = events.splice(index, 1);
    events.splice(index + by, 0, event);
    apply({ ...scenario, events });
  };

  return (
    <section
      aria-labelledby="builder-heading"
      className="space-y-4 rounded-lg border border-line p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="builder-heading" className="text-xl font-semibold">
          Scenario builder
        </h2>
        <Button onClick={onStartBlank}>Start from a short example</Button>
      </div>
      <BuilderSettings scenario={scenario} onChange={apply} />
      <ConditionSettings scenario={scenario} onChange={apply} />
      <ol aria-label="Events" className="space-y-1">
        {scenario.events.map((event, index) => (
          <li
            key={event.id}
            className="flex flex-wrap items-center gap-2 rounded-md border border-line px-2 py-1 text-sm"
          >
            <span className="font-mono text-muted">#{index + 1}</span>
            <span className="min-w-0 flex-1">{scenarioEventLabel(scenario, event)}</span>
            <Button
              aria-label={`Move event ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              aria-label={`Move event ${index + 1} down`}
              disabled={index === scenario.events.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
            <Button
              aria-label={`Remove event ${index + 1}`}
              onClick={() =>
                apply({ ...scenario, events: scenario.events.filter((_, i) => i !== index) })
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <NewEvent
        scenario={scenario}
        onAdd={(event) => apply({ ...scenario, events: [...scenario.events, event] })}
        onProblem={setProblem}
      />
      {problem ? (
        <p role="alert" className="text-sm text-bad">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
