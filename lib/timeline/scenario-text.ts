import { z } from 'zod';

/**
 * The scenario's free texts that a learner writes in the builder and a share link carries: the
 * token's name (used inside every sentence about a write), the explanation (what the scenario
 * shows, read after the run) and the learner's notes. One home for their limits and for the
 * words that refuse a text, used by the schema (links, saved scenarios) and by the builder.
 */
export const SCENARIO_TEXT_FIELDS = {
  tokenName: { label: 'Token name', max: 40 },
  explanation: { label: 'Explanation', max: 2000 },
  notes: { label: 'Your notes', max: 2000 },
} as const;

export type ScenarioTextField = keyof typeof SCENARIO_TEXT_FIELDS;

/** A token's name sits inside sentences: letters of any script, digits, spaces and a few marks. */
const TOKEN_NAME = /^[\p{L}\p{N} _.:#'-]*$/u;
/** Characters that change the reading direction, so text reads differently from how it is stored. */
const DIRECTION = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Control characters other than a line break or a tab (a token's name takes neither). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/u;

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `text` cannot be the scenario's `field`, in one sentence without the field's name (the
 * caller adds it), or null when it can. An empty text is allowed: the field is then left out.
 */
export function scenarioTextProblem(field: ScenarioTextField, text: string): string | null {
  const { max } = SCENARIO_TEXT_FIELDS[field];
  const n = text.length;
  if (n > max) return `at most ${max} characters (this has ${n.toLocaleString('en-US')})`;
  const at = (i: number) => `at character ${i + 1}`;
  const direction = DIRECTION.exec(text);
  if (direction)
    return `remove the direction-changing character ${codePoint(direction[0])} ${at(direction.index)}: it makes text read differently from how it is stored`;
  const control = CONTROL.exec(text);
  if (control)
    return `remove the control character ${codePoint(control[0])} ${at(control.index)}: only ordinary text and line breaks are kept`;
  if (field === 'tokenName') {
    if (/[\n\t]/.test(text)) return 'one line without tabs';
    if (!TOKEN_NAME.test(text)) {
      const bad = [...text].find((c) => !TOKEN_NAME.test(c)) ?? '';
      return `use letters, digits, spaces and _ . : # ' - only (not “${bad}”)`;
    }
  }
  return null;
}

/** The zod schema of one scenario text: the same limits and words as scenarioTextProblem. */
export function scenarioTextSchema(field: ScenarioTextField) {
  return z.string().superRefine((text, ctx) => {
    const problem = scenarioTextProblem(field, text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
