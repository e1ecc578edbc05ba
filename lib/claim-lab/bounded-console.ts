// Taken when this module loads, before any learner code runs in this realm: a program may replace
// String.prototype.slice, JSON.stringify or Reflect.apply, and the cut below must still hold.
const apply = Reflect.apply;
const sliceText = String.prototype.slice;
const stringify = JSON.stringify;
const freeze = Object.freeze;
const defineProperty = Object.defineProperty;
const toText = String;

/** One console call's text is cut after this many characters. */
export const CONSOLE_MESSAGE_CHARS = 2_000;

/** The console methods a lab program may call; each logs one bounded line. */
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const;

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function'))
    return toText(value);
  try {
    return toText(apply(stringify, undefined, [value]));
  } catch {
    return '[object]';
  }
}

/** A console call's arguments as one line of at most CONSOLE_MESSAGE_CHARS characters. */
export function consoleLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) {
    line += (i > 0 ? ' ' : '') + show(values[i]);
    if (line.length > CONSOLE_MESSAGE_CHARS) break;
  }
  if (line.length <= CONSOLE_MESSAGE_CHARS) return line;
  const total = line.length;
  return `${apply(sliceText, line, [0, CONSOLE_MESSAGE_CHARS]) as string}… (cut at ${CONSOLE_MESSAGE_CHARS} of ${total}${values.length > 1 ? '+' : ''} characters)`;
}

/**
 * Replaces the scope's console with one whose every method logs a single cut line. A dedicated
 * worker's console messages are copied to the page's main thread (its console, and DevTools when
 * open): twenty `console.log` calls of 50 MB each from a lab program were a 330-370 ms task on
 * the page. The replacement cannot be reassigned or deleted by the program.
 */
export function boundConsole(scope: object): void {
  const original = (scope as { console?: Record<string, unknown> }).console;
  if (!original) return;
  const bounded: Record<string, (...values: unknown[]) => void> = {};
  for (const method of METHODS) {
    const write = original[method];
    if (typeof write !== 'function') continue;
    bounded[method] = (...values: unknown[]) => {
      apply(write, original, [consoleLine(values)]);
    };
  }
  defineProperty(scope, 'console', {
    value: freeze(bounded),
    writable: false,
    configurable: false,
    enumerable: false,
  });
}
