import { TIME_SOURCE_CHOICES, TIME_SOURCES } from '@/lib/lease';
import { TIMELINE_DESIGNS, type Scenario, type TimeSource } from '@/lib/timeline';
import { ResourceSettings } from './resource-settings';
import { ScenarioTexts } from './scenario-texts';
import { TargetChecks } from './target-checks';
import { FIELD } from './builder-fields';

const WORKER_IDS = ['A', 'B', 'C', 'D', 'E'];

/** The scenario's settings: title, lease, design, targets, its words, workers and their clock offsets. */
export function BuilderSettings({
  scenario,
  onChange,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
}) {
  const number = (value: string) =>
    value.trim() === '' || Number.isNaN(Number(value)) ? Number.NaN : Number(value);
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3 *:min-w-0">
      <label className="flex flex-col">
        Scenario title
        <input
          value={scenario.title}
          onChange={(e) => onChange({ ...scenario, title: e.target.value })}
          className={FIELD}
        />
      </label>
      <label className="flex flex-col">
        Lease length (seconds)
        <input
          type="number"
          min={1}
          value={scenario.leaseSeconds}
          onChange={(e) => onChange({ ...scenario, leaseSeconds: number(e.target.value) })}
          className={FIELD}
        />
      </label>
      <label className="flex flex-col">
        Lease design
        <select
          value={scenario.design ?? 'fenced'}
          onChange={(e) => onChange({ ...scenario, design: e.target.value })}
          className={FIELD}
        >
          {Object.values(TIMELINE_DESIGNS).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        Lease judged by
        <select
          value={scenario.timeSource ?? 'database'}
          onChange={(e) => onChange({ ...scenario, timeSource: e.target.value as TimeSource })}
          className={FIELD}
        >
          {TIME_SOURCES.map((source) => (
            <option key={source} value={source}>
              {TIME_SOURCE_CHOICES[source]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        Fenced targets learn a generation
        <select
          value={scenario.targets.gateway}
          onChange={(e) =>
            onChange({
              ...scenario,
              targets: {
                ...scenario.targets,
                gateway: e.target.value as 'at-takeover' | 'first-write',
              },
            })
          }
          className={FIELD}
        >
          <option value="at-takeover">When its holder registers it</option>
          <option value="first-write">Only on its first write</option>
        </select>
      </label>
      <ResourceSettings scenario={scenario} onChange={onChange} />
      <TargetChecks scenario={scenario} onChange={onChange} />
      <ScenarioTexts scenario={scenario} onChange={onChange} />
      <label className="flex flex-col">
        Number of workers
        <select
          value={scenario.workers.length}
          onChange={(e) => {
            const count = Number(e.target.value);
            onChange({
              ...scenario,
              workers: WORKER_IDS.slice(0, count).map(
                (id) => scenario.workers.find((w) => w.id === id) ?? { id },
              ),
            });
          }}
          className={FIELD}
        >
          {WORKER_IDS.map((_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} ({WORKER_IDS.slice(0, n).join(', ')})
            </option>
          ))}
        </select>
      </label>
      {scenario.workers.map((w, i) => (
        <label key={w.id} className="flex flex-col">
          Clock offset of {w.id} (seconds)
          <input
            type="number"
            value={w.clockOffset ?? 0}
            onChange={(e) =>
              onChange({
                ...scenario,
                workers: scenario.workers.map((x, j) =>
                  j === i ? { ...x, clockOffset: number(e.target.value) } : x,
                ),
              })
            }
            className={FIELD}
          />
        </label>
      ))}
    </div>
  );
}
