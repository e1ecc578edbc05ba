import {
  acceptorsOf,
  chooseCheck,
  TARGET_CHECK_LABELS,
  type TargetCheck,
  type TargetCheckKind,
} from '@/lib/lease';
import { targetCheckOf, targetChoices, withTargetCheck, type Scenario } from '@/lib/timeline';
import { AcceptorsSelect, FIELD } from './builder-fields';

/**
 * Each target's own check: the object store, the ticket API and every gateway resource the
 * scenario names (the run row's check is the lease design). So one scenario can fence its
 * completion and leave its email unfenced.
 */
export function TargetChecks({
  scenario,
  onChange,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
}) {
  // Every target of every lane whose check a scenario chooses, as the lanes name them.
  const targets = targetChoices(scenario);
  const set = (name: string, check: TargetCheck) =>
    onChange({ ...scenario, targets: withTargetCheck(scenario.targets, name, check) });
  return (
    <fieldset className="col-span-full grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-2 lg:grid-cols-3 *:min-w-0">
      <legend className="px-1 font-semibold">Each target’s own check</legend>
      {targets.map((t) => {
        const check = targetCheckOf(scenario.targets, t.name);
        const acceptors = acceptorsOf(check);
        return (
          <div key={t.name} className="flex flex-col gap-2">
            <label className="flex flex-col">
              Check at {t.label}
              <select
                value={check.kind}
                onChange={(e) => {
                  set(t.name, chooseCheck(e.target.value as TargetCheckKind));
                }}
                className={FIELD}
              >
                {t.offers.map((kind) => (
                  <option key={kind} value={kind}>
                    {TARGET_CHECK_LABELS[kind]}
                  </option>
                ))}
              </select>
            </label>
            {acceptors !== null ? (
              <AcceptorsSelect
                label={`Acceptors at ${t.label}`}
                value={acceptors}
                onChange={(n) => set(t.name, chooseCheck(check.kind, { ...check, acceptors: n }))}
              />
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
