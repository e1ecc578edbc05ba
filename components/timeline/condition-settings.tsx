import { ConditionPicker } from '@/components/conditions/condition-picker';
import { claimConditionsOf, isClaimCondition, type RunCondition } from '@/lib/lease';
import { timelineDesign, withConditions, type Scenario } from '@/lib/timeline';

/**
 * The run row's claim, renew and finish conditions of the scenario, picked from the rulebook's
 * catalogue: each starts as the design's own list, and a list the learner changes replaces the
 * design's for that statement (and travels in the share link).
 */
export function ConditionSettings({
  scenario,
  onChange,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
}) {
  const design = timelineDesign(scenario.design ?? 'fenced');
  const rules = design?.rules;
  if (!rules) return null;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 rounded-md border border-line p-3 text-sm md:grid-cols-2 *:min-w-0">
      <legend className="px-1 font-semibold">The run row’s conditions</legend>
      <p className="text-muted md:col-span-2">
        Each starts as the design’s own. Change one, and your list replaces the design’s for that
        statement; the share link keeps it.
      </p>
      {(['claim', 'renew', 'finish'] as const).map((statement) => {
        const own = scenario.conditions?.[statement];
        const designs: readonly RunCondition[] =
          statement === 'claim' ? claimConditionsOf(rules) : rules[statement];
        return (
          <ConditionPicker
            key={statement}
            statement={statement}
            value={own ?? designs}
            table={rules.table}
            onChange={(list) =>
              onChange(
                statement === 'claim'
                  ? // The claim's picker offers and accepts claim conditions only: this drops none.
                    withConditions(scenario, statement, list.filter(isClaimCondition))
                  : withConditions(scenario, statement, list),
              )
            }
            {...(own
              ? {
                  onReset: () => onChange(withConditions(scenario, statement, undefined)),
                  resetLabel: `Use the design’s own ${statement}`,
                }
              : {})}
          />
        );
      })}
    </fieldset>
  );
}
