import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { SqlValue } from '@/lib/sqlite';
import { LAB_LIMITS } from './limits';
import type { ClippedText, Thrown } from './program-failure';

/*
 * The bridge between the harness (this worker's JavaScript) and the program's engine (QuickJS,
 * engine.ts). The program's `db` and `print` are small functions made inside the engine, before
 * the program runs, from the engine's own built-ins as they were then; each calls one host
 * function. Nothing the program does reaches the harness except the values those calls pass, and
 * the harness reads each of them as data: a string, a number, a list of them.
 */

/** The file name of the bridge's own code, so its frames are never taken for the program's. */
export const HARNESS_FILE = 'claim-lab-harness.js';

/** Longest text read out of the engine in one piece: messages, stacks, SQL values' names. */
const MAX_TEXT = 200_000;

const PRELUDE = `(function (host, maxLine, maxText) {
  'use strict';
  const E = Error, S = String, U8 = Uint8Array, apply = Reflect.apply;
  const stringify = JSON.stringify, toTag = Object.prototype.toString;
  const slice = String.prototype.slice, copyBytes = U8.prototype.slice;
  const getProto = Object.getPrototypeOf, OP = Object.prototype, keys = Object.keys;
  const isArray = Array.isArray, freeze = Object.freeze;
  const byteCount = Object.getOwnPropertyDescriptor(getProto(U8.prototype), 'length').get;
  const hostCall = host.call, hostPrint = host.print, hostTransaction = host.transaction;
  const hostLog = host.log;
  const isBytes = (v) => { try { return v instanceof U8; } catch { return false; } };
  const format = (v) => {
    if (typeof v === 'string') return v;
    if (v === undefined) return 'undefined';
    if (v === null || typeof v !== 'object') return S(v);
    if (isBytes(v)) return '<' + v.length + ' bytes>';
    try { const t = stringify(v); return t === undefined ? S(v) : t; }
    catch { return apply(toTag, v, []); }
  };
  const where = () => { try { return S(new E().stack); } catch { return ''; } };
  const clip = (t) => (t.length > maxText ? apply(slice, t, [0, maxText]) : t);
  const call = (method) => (sql, params) => hostCall(method, sql, params, where());
  const db = freeze({
    run: call('run'),
    get: call('get'),
    all: call('all'),
    transaction: (fn) => hostTransaction(fn, where()),
  });
  const joined = (values) => {
    let line = '';
    for (let i = 0; i < values.length; i += 1) {
      if (i > 0) line += ' ';
      line += format(values[i]);
      if (line.length > maxLine) return apply(slice, line, [0, maxLine + 1]);
    }
    return line;
  };
  const print = (...values) => { hostPrint(joined(values), where()); };
  // console.* writes to the browser's console (the worker's, bounded), as it did before the
  // engine: a learner's debugging line never joins the output the lab checks.
  const log = (level) => (...values) => { hostLog(level, joined(values)); };
  // No code from strings, as in the worker before the engine (issue 17): eval, Function and the
  // constructor of every function kind are gone before the program runs.
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const kind of kinds) {
    Object.defineProperty(getProto(kind), 'constructor', { value: undefined, writable: false, configurable: false });
  }
  delete globalThis.eval;
  delete globalThis.Function;
  globalThis.console = freeze({
    log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug'),
  });
  const field = (e, name) => {
    try { const v = e[name]; return typeof v === 'string' ? v : S(v); } catch { return ''; }
  };
  const typeOf = (v) =>
    v === null ? 'null' : isBytes(v) ? 'bytes' : isArray(v) ? 'array'
      : typeof v !== 'object' ? typeof v : getProto(v) === OP ? 'plain' : 'object';
  return freeze({
    db, print, typeOf,
    names: (v) => keys(v),
    count: (v) => (typeof v === 'string' ? v.length : isBytes(v) ? apply(byteCount, v, []) : isArray(v) ? v.length : 0),
    bytesOf: (v) => apply(copyBytes, v, []).buffer,
    toBytes: (buffer) => new U8(buffer),
    describe: (e) => {
      let isError = false;
      try { isError = e instanceof E; } catch {}
      if (isError) {
        const name = field(e, 'name'), message = field(e, 'message'), stack = field(e, 'stack');
        return ['error', clip(name), name.length, clip(message), message.length, clip(stack)];
      }
      if (typeof e === 'string') return ['string', clip(e), e.length];
      let shown = '';
      try { shown = format(e); } catch { shown = apply(toTag, e, []); }
      const type = e === null ? 'null' : isArray(e) ? 'an array'
        : typeof e === 'object' ? 'an object' : 'a ' + typeof e;
      return ['value', clip(shown), shown.length, type];
    },
  });
})`;

/** The host functions the program's `db` and `print` call. */
export interface HostCalls {
  call(
    method: QuickJSHandle,
    sql: QuickJSHandle,
    params: QuickJSHandle,
    stack: QuickJSHandle,
  ): HostAnswer;
  print(line: QuickJSHandle, stack: QuickJSHandle): HostAnswer;
  transaction(fn: QuickJSHandle, stack: QuickJSHandle): HostAnswer;
  log(level: QuickJSHandle, line: QuickJSHandle): HostAnswer;
}

/** What a host function gives back to the engine: a value, or an error to throw there. */
export type HostAnswer = QuickJSHandle | { error: QuickJSHandle } | void;

/** The bridge once set up in one engine: the program's globals and the harness's readers. */
export interface Bridge {
  db: QuickJSHandle;
  print: QuickJSHandle;
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

/** Evaluates the bridge in `vm` and wires it to `host`. Call once, before the program runs. */
export function setUpBridge(vm: QuickJSContext, host: HostCalls): Bridge {
  const hostObject = vm.newObject();
  for (const name of ['call', 'print', 'transaction', 'log'] as const) {
    const fn = vm.newFunction(name, (...args) =>
      (host[name] as (...a: QuickJSHandle[]) => HostAnswer)(...args),
    );
    vm.setProp(hostObject, name, fn);
    fn.dispose();
  }
  const made = vm.unwrapResult(vm.evalCode(PRELUDE, HARNESS_FILE));
  const maxLine = vm.newNumber(LAB_LIMITS.maxLineChars);
  const maxText = vm.newNumber(MAX_TEXT);
  const api = vm.unwrapResult(vm.callFunction(made, vm.undefined, hostObject, maxLine, maxText));
  for (const handle of [made, maxLine, maxText, hostObject]) handle.dispose();
  const fn = (name: string) => vm.getProp(api, name);
  const db = fn('db');
  const print = fn('print');
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

  return { db, print, typeOf, text, value, params, toEngine, describe };
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
