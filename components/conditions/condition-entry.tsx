import { Button } from '@/components/ui/button';
import {
  conditionWords,
  type ClaimReadColumn,
  type FingerprintColumn,
  type PickedStatement,
  type RunCondition,
  type RunStatus,
} from '@/lib/lease';

/** The items of `all` that `on` holds, after toggling `item`, in `all`'s order. */
function toggled<T>(all: readonly T[], on: readonly T[], item: T): T[] {
  return all.filter((x) => (x === item ? !on.includes(x) : on.includes(x)));
}

/** One checkbox per choice, as a labelled group. */
function Choices<T extends string>({
  legend,
  all,
  on,
  onToggle,
}: {
  legend: string;
  all: readonly T[];
  on: readonly T[];
  onToggle: (item: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
      <legend className="sr-only">{legend}</legend>
      {all.map((item) => (
        <label key={item} className="flex items-center gap-1 font-mono text-xs">
          <input type="checkbox" checked={on.includes(item)} onChange={() => onToggle(item)} />
          {item}
        </label>
      ))}
    </fieldset>
  );
}

/** One condition of a picked list: its name, its own choices, and a Remove button. */
export function ConditionEntry({
  statement,
  condition,
  onChange,
  onRemove,
  columns,
  statuses,
  readColumns,
}: {
  statement: PickedStatement;
  condition: RunCondition;
  onChange: (next: RunCondition) => void;
  onRemove: () => void;
  columns: readonly FingerprintColumn[];
  statuses: readonly RunStatus[];
  /** The columns a claim may compare with what it read. */
  readColumns: readonly ClaimReadColumn[];
}) {
  const words = conditionWords(condition);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border border-line px-2 py-1">
      <span className="min-w-[7rem] flex-1 font-mono text-xs break-words">{words}</span>
      {typeof condition === 'object' && condition.kind === 'fingerprint' ? (
        <Choices
          legend={`Columns of the ${statement}’s fingerprint`}
          all={columns}
          on={condition.columns}
          onToggle={(c) =>
            onChange({ ...condition, columns: toggled(columns, condition.columns, c) })
          }
        />
      ) : null}
      {typeof condition === 'object' && condition.kind === 'status-in' ? (
        <Choices
          legend={`Statuses of the ${statement}’s status set`}
          all={statuses}
          on={condition.statuses}
          onToggle={(s) =>
            onChange({ ...condition, statuses: toggled(statuses, condition.statuses, s) })
          }
        />
      ) : null}
      {statement === 'claim' && typeof condition === 'object' && condition.kind === 'as-read' ? (
        <label className="flex items-center gap-1 text-xs">
          Column the {statement} compares as read
          <select
            value={condition.column}
            onChange={(e) => onChange({ ...condition, column: e.target.value as ClaimReadColumn })}
            className="min-w-0 rounded-md border border-line bg-surface px-1 font-mono"
          >
            {readColumns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button aria-label={`Remove ${words} from the ${statement}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
