import { useId, useState } from 'react';
import {
  SCENARIO_TEXT_FIELDS,
  scenarioTextProblem,
  type Scenario,
  type ScenarioTextField,
} from '@/lib/timeline';
import { FIELD } from './builder-fields';

/** The scenario's text in `field` ('' when it has none). */
function textOf(scenario: Scenario, field: ScenarioTextField): string {
  return (field === 'tokenName' ? scenario.terms?.token : scenario[field]) ?? '';
}

/** The scenario with `field` set to `text`; an empty text leaves the field out. */
function withText(scenario: Scenario, field: ScenarioTextField, text: string): Scenario {
  if (field !== 'tokenName') {
    const { [field]: _old, ...rest } = scenario;
    return text.trim() ? { ...rest, [field]: text } : rest;
  }
  const { terms, ...rest } = scenario;
  const { token: _token, ...others } = terms ?? {};
  const next = text.trim() ? { ...others, token: text } : others;
  return Object.keys(next).length > 0 ? { ...rest, terms: next } : rest;
}

/**
 * One text field of the scenario. A text the scenario refuses stays in the field, marked invalid
 * with the reason beside it, and the scenario keeps its last good text until it is fixed.
 */
function TextField({
  scenario,
  field,
  onChange,
  multiline,
  placeholder,
}: {
  scenario: Scenario;
  field: ScenarioTextField;
  onChange: (next: Scenario) => void;
  multiline?: boolean;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState<{ text: string; problem: string } | null>(null);
  const errorId = useId();
  const { label } = SCENARIO_TEXT_FIELDS[field];
  const change = (text: string) => {
    const problem = scenarioTextProblem(field, text);
    if (problem) {
      setDraft({ text, problem: `${label}: ${problem}.` });
      return;
    }
    setDraft(null);
    onChange(withText(scenario, field, text));
  };
  const props = {
    value: draft?.text ?? textOf(scenario, field),
    placeholder,
    'aria-invalid': draft ? true : undefined,
    'aria-describedby': draft ? errorId : undefined,
    className: FIELD,
  };
  return (
    <div className={`flex flex-col ${multiline ? 'sm:col-span-2' : ''}`}>
      <label className="flex flex-col">
        {label}
        {multiline ? (
          <textarea rows={3} {...props} onChange={(e) => change(e.target.value)} />
        ) : (
          <input {...props} onChange={(e) => change(e.target.value)} />
        )}
      </label>
      {draft ? (
        <p id={errorId} role="alert" className="text-bad">
          {draft.problem}
        </p>
      ) : null}
    </div>
  );
}

/** The scenario's words: the token's name, the explanation a reader sees after the run, and notes. */
export function ScenarioTexts({
  scenario,
  onChange,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
}) {
  return (
    <fieldset className="col-span-full grid min-w-0 gap-3 rounded-md border border-line p-3 sm:grid-cols-2 lg:grid-cols-3 *:min-w-0">
      <legend className="px-1 font-semibold">Words</legend>
      <TextField scenario={scenario} field="tokenName" onChange={onChange} placeholder="fence" />
      <TextField
        scenario={scenario}
        field="explanation"
        onChange={onChange}
        multiline
        placeholder="What this scenario shows (read after the run)"
      />
      <TextField
        scenario={scenario}
        field="notes"
        onChange={onChange}
        multiline
        placeholder="Your own notes, shown with the scenario"
      />
    </fieldset>
  );
}
