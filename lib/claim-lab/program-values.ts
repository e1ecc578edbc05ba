import type { SqlParams, SqlValue } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import { TooLarge } from './vm-values';

/** How `print` shows a value: text as is, objects as JSON, bytes by their count. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return String(value);
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A value's kind in the words of an error message: "a boolean", "an array", "null". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The one line for text or bytes longer than the lab binds (`what`: "Parameter #1", "The SQL"). */
export function tooLargeLine(what: string, value: TooLarge): string {
  const unit = value.kind === 'text' ? 'characters' : 'bytes';
  return `${what} is ${value.length.toLocaleString('en-US')} ${unit} long; the lab takes at most ${LAB_LIMITS.maxValueChars.toLocaleString('en-US')} ${unit} in one value.`;
}

function checkValue(name: string, value: unknown): SqlValue {
  if (value instanceof TooLarge) throw new RangeError(tooLargeLine(`Parameter ${name}`, value));
  if (value === null || typeof value === 'string' || value instanceof Uint8Array) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new TypeError(`Parameter ${name} is ${value}; SQLite stores finite numbers only.`);
    return value;
  }
  throw new TypeError(
    `Parameter ${name} is ${describeType(value)}; SQLite takes text, numbers, null or bytes (write 1 or 0 for true or false).`,
  );
}

/**
 * The values a program passed to `db.<method>`, checked before SQLite sees them: an array or a
 * plain object of text, finite numbers, null or bytes. Anything else throws a TypeError that
 * says which value and what SQLite takes instead.
 */
export function checkParams(method: string, params: unknown): SqlParams | undefined {
  if (params === undefined) return undefined;
  if (Array.isArray(params)) return params.map((v, i) => checkValue(`#${i + 1}`, v));
  if (
    params !== null &&
    typeof params === 'object' &&
    Object.getPrototypeOf(params) === Object.prototype
  ) {
    const named: Record<string, SqlValue> = {};
    for (const [key, value] of Object.entries(params)) named[key] = checkValue(key, value);
    return named;
  }
  throw new TypeError(
    `db.${method} takes its values as an array or an object like { owner: 'A' }, not ${describeType(params)}.`,
  );
}
