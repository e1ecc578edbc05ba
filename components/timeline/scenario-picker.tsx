'use client';

import { Button } from '@/components/ui/button';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { browserStore, createLocalDoor } from '@/lib/storage';
import { deleteSavedScenario, type Scenario } from '@/lib/timeline';

const CURRENT = '__current__';

/** Choose a library or saved scenario; open the builder. */
export function ScenarioPicker({
  scenario,
  saved,
  building,
  onPick,
  onToggleBuilder,
  onSavedChanged,
}: {
  scenario: Scenario;
  saved: readonly Scenario[];
  building: boolean;
  onPick: (scenario: Scenario) => void;
  onToggleBuilder: () => void;
  onSavedChanged: () => void;
}) {
  const inLibrary = TIMELINE_SCENARIOS.find((s) => JSON.stringify(s) === JSON.stringify(scenario));
  const inSaved = saved.find((s) => JSON.stringify(s) === JSON.stringify(scenario));
  const value = inLibrary ? `lib:${inLibrary.id}` : inSaved ? `saved:${inSaved.id}` : CURRENT;

  const pick = (v: string) => {
    const [source, id] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
    const next = (source === 'lib' ? TIMELINE_SCENARIOS : saved).find((s) => s.id === id);
    if (next) onPick(next);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-0 flex-col text-sm font-semibold">
        Scenario
        <select
          value={value}
          onChange={(e) => pick(e.target.value)}
          className="max-w-full rounded-md border border-line bg-surface px-2 py-1.5 font-normal"
        >
          {value === CURRENT ? <option value={CURRENT}>{scenario.title} (unsaved)</option> : null}
          <optgroup label="Lesson scenarios">
            {TIMELINE_SCENARIOS.map((s) => (
              <option key={s.id} value={`lib:${s.id}`}>
                {s.number}. {s.title}
              </option>
            ))}
          </optgroup>
          {saved.length ? (
            <optgroup label="Saved in this browser">
              {saved.map((s) => (
                <option key={s.id} value={`saved:${s.id}`}>
                  {s.title}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      <Button onClick={onToggleBuilder} aria-expanded={building}>
        {building ? 'Close the builder' : 'Build your own'}
      </Button>
      {inSaved ? (
        <Button
          onClick={() => {
            deleteSavedScenario(createLocalDoor(browserStore()), inSaved.id);
            onSavedChanged();
          }}
        >
          Delete saved scenario
        </Button>
      ) : null}
    </div>
  );
}
