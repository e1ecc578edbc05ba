import { BUILT_INS } from '@/lib/bounded';

/*
 * A memory budget for the learner's program (issue 42, point 1). In Chromium a Web Worker that
 * fills its JavaScript heap does not fail with an error: the engine treats the heap's end as
 * fatal for the whole renderer process, and the page's tab crashes with it (measured in
 * Chromium 156: `const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()))` in a worker
 * of a bare page crashed the tab at about 4 GB; a sandboxed same-origin iframe shares the
 * process; a worker has no `performance.memory` and no `measureUserAgentSpecificMemory` without
 * cross-origin isolation). Nothing outside the worker can see its heap grow in time, so the
 * harness counts what a program allocates through the built-ins that make large values at once
 * (arrays of a given length, filled, mapped, joined; repeated and padded strings) and stops the
 * program when the count passes a budget, far below the heap's end. Typed arrays and
 * ArrayBuffers are not counted: they live outside the heap and fail with a RangeError.
 *
 * The count is of bytes allocated, not bytes alive (the collector's work cannot be seen inside
 * one synchronous run), so a program that makes and drops many large arrays is stopped too.
 * Allocations through other paths (array literals in a loop, spreading, objects) are not
 * counted; the page's time limits still end such a loop.
 */

const { apply, isFinite, max, floor } = BUILT_INS;
const construct = Reflect.construct;
const defineProperty = Object.defineProperty;
const toNumber = Number;

/** Bytes counted per element of an array (a pointer or a double) and per character of text. */
const ELEMENT_BYTES = 8;
const CHAR_BYTES = 1;

/** What the budget has seen: bytes counted, and whether it has passed its limit. */
export interface AllocationLedger {
  counted(): number;
  /** Counting stops (the run has ended; the console's queries are not the program's). */
  disarm(): void;
}

/** Thrown at the program by every counted allocation once the budget is spent. */
export class MemoryBudgetError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'MemoryBudgetError';
  }
}

const lengthOf = (value: unknown): number => {
  try {
    const length = (value as { length?: unknown } | null)?.length;
    return typeof length === 'number' && isFinite(length) ? max(0, floor(length)) : 0;
  } catch {
    return 0;
  }
};

/**
 * Counts the large allocations of the realm `scope` (a worker's global scope) against
 * `limitBytes`. The first time the count passes the limit, `onOver(bytes)` is called (the
 * harness tells the page, which ends the worker); from then on every counted allocation throws
 * a MemoryBudgetError, so the program stops even before the page's word arrives.
 */
export function budgetAllocations(
  scope: { Array: ArrayConstructor; String: StringConstructor; JSON: JSON },
  limitBytes: number,
  onOver: (bytes: number, limitBytes: number) => void,
): AllocationLedger {
  let bytes = 0;
  let armed = true;
  let told = false;
  const count = (more: number) => {
    if (!armed) return;
    bytes += more;
    if (bytes <= limitBytes) return;
    if (!told) {
      told = true;
      onOver(bytes, limitBytes);
    }
    throw new MemoryBudgetError(
      `The program allocated more than ${floor(limitBytes / (1024 * 1024))} MB, the lab’s memory budget for one run.`,
    );
  };
  const wrap = <T extends object>(
    owner: T,
    name: keyof T & string,
    cost: (self: unknown, args: unknown[], result: unknown) => number,
    before = false,
  ) => {
    const original = owner[name] as (...args: unknown[]) => unknown;
    const counted = {
      [name](this: unknown, ...args: unknown[]) {
        if (before) count(cost(this, args, undefined));
        const result = apply(original, this, args);
        if (!before) count(cost(this, args, result));
        return result;
      },
    }[name];
    defineProperty(owner, name, { value: counted, writable: true, configurable: true });
  };

  const NativeArray = scope.Array;
  const sized = (args: unknown[]) =>
    args.length === 1 && typeof args[0] === 'number' ? max(0, args[0]) * ELEMENT_BYTES : 0;
  scope.Array = new Proxy(NativeArray, {
    apply(target, self, args: unknown[]) {
      count(sized(args));
      return apply(target, self, args);
    },
    construct(target, args: unknown[], newTarget) {
      count(sized(args));
      return construct(target, args, newTarget);
    },
  });
  const ArrayProto = NativeArray.prototype;
  const elements = (self: unknown) => lengthOf(self) * ELEMENT_BYTES;
  wrap(ArrayProto, 'fill', elements, true);
  wrap(ArrayProto, 'map', elements, true);
  wrap(ArrayProto, 'concat', (_s, _a, result) => elements(result));
  wrap(ArrayProto, 'slice', (_s, _a, result) => elements(result));
  wrap(ArrayProto, 'flat', (_s, _a, result) => elements(result));
  wrap(ArrayProto, 'join', (_s, _a, result) => lengthOf(result) * CHAR_BYTES);
  wrap(NativeArray, 'from', (_s, args) => lengthOf(args[0]) * ELEMENT_BYTES, true);
  const StringProto = scope.String.prototype;
  wrap(
    StringProto,
    'repeat',
    (self, args) => lengthOf(self) * max(0, toNumber(args[0]) || 0) * CHAR_BYTES,
    true,
  );
  wrap(StringProto, 'padStart', (_s, args) => max(0, toNumber(args[0]) || 0) * CHAR_BYTES, true);
  wrap(StringProto, 'padEnd', (_s, args) => max(0, toNumber(args[0]) || 0) * CHAR_BYTES, true);
  wrap(scope.JSON, 'stringify', (_s, _a, result) => lengthOf(result) * CHAR_BYTES);
  return {
    counted: () => bytes,
    disarm: () => {
      armed = false;
    },
  };
}
