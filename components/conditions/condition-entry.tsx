import { Button } from '@/components/ui/button';
import {
  conditionEditor,
  conditionWords,
  type PickedStatement,
  type RunCondition,
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

/**
 * One condition of a picked list: its name, its own choices (what its kind's editor offers: a
 * fingerprint's columns, a status set, the column a claim compares as read), and a Remove button.
 */
export function ConditionEntry({
  statement,
  condition,
  onChange,
  onRemove,
}: {
  statement: PickedStatement;
  condition: RunCondition;
  onChange: (next: RunCondition) => void;
  onRemove: () => void;
}) {
  const words = conditionWords(condition);
  const editor = conditionEditor(condition, statement);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border border-line px-2 py-1">
      <span className="min-w-[7rem] flex-1 font-mono text-xs break-words">{words}</span>
      {editor?.many ? (
        <Choices
          legend={editor.legend}
          all={editor.options}
          on={editor.chosen}
          onToggle={(c) => onChange(editor.with(toggled(editor.options, editor.chosen, c)))}
        />
      ) : null}
      {editor && !editor.many ? (
        <label className="flex items-center gap-1 text-xs">
          {editor.legend}
          <select
            value={editor.chosen[0]}
            onChange={(e) => onChange(editor.with([e.target.value]))}
            className="min-w-0 rounded-md border border-line bg-surface px-1 font-mono"
          >
            {editor.options.map((c) => (
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
