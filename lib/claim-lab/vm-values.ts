import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { SqlValue } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import type { ClippedText, Thrown } from './program-failure';

/*
 * Value marshalling between the harness and the program's engine: what the program passes to a
 * db call or throws is read out as data (a string, a number, a list of them, or a stand-in of its
 * kind), and what SQLite answers is made in the engine. The readers run in the engine are the
 * prelude's (vm-host.ts), made from its built-ins before the program ran.
 */

/** The harness's readers of the program's values, and its maker of values in the engine. */
export interface Marshal {
  /** A value's kind: 'string', 'number', 'null', 'bytes', 'array', 'plain', 'object', … */
  typeOf(value: QuickJSHandle): string;
  /** A string read whole (values the program binds, SQL text: bounded by the engine's memory). */
  text(value: QuickJSHandle): string;
  /** A bound value as the harness checks it: data, or a stand-in of the same kind. */
  value(handle: QuickJSHandle): unknown;
  /** The values of a db call as plain data: an array, a plain object, or a stand-in. */
  params(handle: QuickJSHandle): unknown;
  /** A SQLite value, a row or a list of rows, made in the engine. */
  toEngine(value: unknown): QuickJSHandle;
  /** What the program threw, read as data. */
  describe(thrown: QuickJSHandle): Thrown;
}

/** The marshalling of one engine, through the prelude's readers in `api` (installHost). */
export function marshal(vm: QuickJSContext, api: QuickJSHandle): Marshal {
  const fn = (name: string) => vm.getProp(api, name);
  const typeOfFn = fn('typeOf');
  const namesFn = fn('names');
  const bytesOfFn = fn('bytesOf');
  const toBytesFn = fn('toBytes');
  const describeFn = fn('describe');
  const countFn = fn('count');

  /** Calls one of the bridge's functions; a failure inside it is thrown here as a host error. */
  const callOut = (f: QuickJSHandle, ...args: QuickJSHandle[]): QuickJSHandle =>
    vm.unwrapResult(vm.callFunction(f, vm.undefined, ...args));
  const read = <T>(handle: QuickJSHandle, reader: (h: QuickJSHandle) => T): T => {
    try {
      return reader(handle);
    } finally {
      handle.dispose();
    }
  };
  const text = (value: QuickJSHandle) => vm.getString(value);
  const typeOf = (value: QuickJSHandle) => read(callOut(typeOfFn, value), text);
  // A string's, bytes' or array's length, read in the engine. Not vm.getLength: it reads its
  // answer through a view of the engine's memory made when the context was, which is empty once
  // that memory has grown (issue 42: after one 20-million-character value every later array
  // read as empty, so every value bound as NULL).
  const count = (handle: QuickJSHandle) => read(callOut(countFn, handle), (h) => vm.getNumber(h));
  const valueOf = (kind: 'text' | 'bytes', length: number, take: () => unknown): unknown =>
    length > LAB_LIMITS.maxValueChars ? new TooLarge(kind, length) : take();

  const value = (handle: QuickJSHandle): unknown => {
    switch (typeOf(handle)) {
      case 'string':
        return valueOf('text', count(handle), () => vm.getString(handle));
      case 'number':
        return vm.getNumber(handle);
      case 'boolean':
        return vm.dump(handle) === true;
      case 'undefined':
        return undefined;
      case 'null':
        return null;
      case 'bigint':
        return vm.getBigInt(handle);
      case 'symbol':
        return Symbol('program');
      case 'function':
        return () => undefined;
      case 'bytes':
        return valueOf('bytes', count(handle), () =>
          read(callOut(bytesOfFn, handle), (buffer) =>
            vm.getArrayBuffer(buffer).consume((bytes) => bytes.value.slice()),
          ),
        );
      case 'array':
        return [];
      case 'plain':
        return {};
      default:
        return Object.create(null) as object;
    }
  };

  const params = (handle: QuickJSHandle): unknown => {
    const kind = typeOf(handle);
    if (kind === 'array') {
      const length = Math.min(count(handle), MAX_BOUND_VALUES + 1);
      const values: unknown[] = [];
      for (let i = 0; i < length; i += 1) values.push(read(vm.getProp(handle, i), value));
      return values;
    }
    if (kind === 'plain') {
      return read(callOut(namesFn, handle), (names) => {
        const length = Math.min(count(names), MAX_BOUND_VALUES + 1);
        const named: Record<string, unknown> = {};
        for (let i = 0; i < length; i += 1) {
          const name = read(vm.getProp(names, i), text);
          named[name] = read(vm.getProp(handle, name), value);
        }
        return named;
      });
    }
    return value(handle);
  };

  const toEngine = (data: unknown): QuickJSHandle => {
    if (data === undefined) return vm.undefined;
    if (data === null) return vm.null;
    if (typeof data === 'string') return vm.newString(data);
    if (typeof data === 'number') return vm.newNumber(data);
    if (typeof data === 'bigint') return vm.newBigInt(data);
    if (data instanceof Uint8Array) {
      return read(vm.newArrayBuffer(data.slice().buffer), (buffer) => callOut(toBytesFn, buffer));
    }
    if (Array.isArray(data)) {
      const list = vm.newArray();
      data.forEach((item, i) => read(toEngine(item), (h) => vm.setProp(list, i, h)));
      return list;
    }
    const row = vm.newObject();
    for (const [name, cell] of Object.entries(data as Record<string, SqlValue>)) {
      // An own property, as SQLite named it: no setter the program put on Object.prototype runs.
      read(toEngine(cell), (h) =>
        vm.defineProp(row, name, { value: h, enumerable: true, configurable: true }),
      );
    }
    return row;
  };

  const clipped = (list: QuickJSHandle, at: number): ClippedText => ({
    text: read(vm.getProp(list, at), text),
    total: read(vm.getProp(list, at + 1), (h) => vm.getNumber(h)),
  });
  const describe = (thrown: QuickJSHandle): Thrown =>
    read(callOut(describeFn, thrown), (list) => {
      const kind = read(vm.getProp(list, 0), text);
      if (kind === 'error') {
        return {
          kind: 'error',
          name: clipped(list, 1),
          message: clipped(list, 3),
          stack: read(vm.getProp(list, 5), text),
        };
      }
      if (kind === 'string') return { kind: 'string', text: clipped(list, 1) };
      return { kind: 'value', shown: clipped(list, 1), type: read(vm.getProp(list, 3), text) };
    });

  return { typeOf, text, value, params, toEngine, describe };
}

/** A value too long for the lab to bind (LAB_LIMITS.maxValueChars), by its kind and length. */
export class TooLarge {
  constructor(
    readonly kind: 'text' | 'bytes',
    readonly length: number,
  ) {}
}

/** SQLite's own bound on the values one statement may bind (SQLITE_MAX_VARIABLE_NUMBER). */
export const MAX_BOUND_VALUES = 32_766;
