import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { LAB_LIMITS } from './limits';

/*
 * The program's side of the bridge (vm-bridge.ts): the code evaluated in the program's engine
 * (QuickJS, engine.ts) before the program runs. It makes the program's `db`, `print` and
 * `console` from the engine's own built-ins as they were then, each calling one host function,
 * follows the program's promise rejections, and gives the harness the readers value marshalling
 * uses (vm-values.ts). Nothing the program does reaches the harness except the values those
 * calls pass.
 */

/** The file name of the bridge's own code, so its frames are never taken for the program's. */
export const HARNESS_FILE = 'claim-lab-harness.js';

/** Longest text read out of the engine in one piece: messages, stacks, SQL values' names. */
export const MAX_TEXT = 200_000;

export const PRELUDE = `(function (host, maxLine, maxText) {
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
  // Rejections, followed for the harness (async-escapes.ts): the reasons that escaped into a
  // promise and were not handled since, in the order they escaped. The engine has no
  // unhandled-rejection hook of its own. Neither reporter throws, even out of memory (a program
  // that catches "out of memory" and goes on must not fail in its own catch clause), and a
  // reason leaves the map once handled, so a loop of caught errors keeps nothing.
  const reasons = new Map(), setReason = Map.prototype.set, dropReason = Map.prototype.delete;
  const reasonsOf = Map.prototype.keys, nextOf = getProto(new Map().keys()).next;
  const construct = Reflect.construct;
  const escaped = (reason) => { try { apply(setReason, reasons, [reason, true]); } catch {} };
  const handled = (reason) => { try { apply(dropReason, reasons, [reason]); } catch {} };
  const P = Promise, then = P.prototype.then, reject = P.reject;
  const reporting = (fn) => function (value) {
    try { return apply(fn, this, [value]); } catch (e) { escaped(e); throw e; }
  };
  Object.defineProperty(P.prototype, 'then', { writable: true, configurable: true, value: function (onFulfilled, onRejected) {
    const fulfilled = typeof onFulfilled === 'function' ? reporting(onFulfilled) : onFulfilled;
    const rejected = typeof onRejected === 'function'
      ? reporting(function (reason) { handled(reason); return apply(onRejected, this, [reason]); })
      : onRejected;
    return apply(then, this, [fulfilled, rejected]);
  } });
  Object.defineProperty(P, 'reject', { writable: true, configurable: true, value: function (reason) {
    escaped(reason);
    return apply(reject, this, [reason]);
  } });
  // A combinator's promise rejects inside the engine, after it handled its element's rejection:
  // its own rejection escapes again, unless the program handles it after.
  for (const name of ['all', 'any', 'race']) {
    const combine = P[name];
    Object.defineProperty(P, name, { writable: true, configurable: true, value: function (items) {
      const made = apply(combine, this, [items]);
      apply(then, made, [undefined, escaped]);
      return made;
    } });
  }
  globalThis.Promise = new Proxy(P, { construct(target, args, newTarget) {
    const executor = args[0];
    const run = typeof executor !== 'function' ? executor : function (resolve, rejectIt) {
      // Only the first settling counts, as for the promise itself.
      let settled = false;
      const resolving = (value) => { settled = true; return resolve(value); };
      const rejecting = (reason) => {
        if (!settled) escaped(reason);
        settled = true;
        return rejectIt(reason);
      };
      try { return apply(executor, this, [resolving, rejecting]); }
      catch (e) { if (!settled) escaped(e); throw e; }
    };
    return construct(target, [run], newTarget);
  } });
  const unhandled = () => {
    const first = apply(nextOf, apply(reasonsOf, reasons, []), []);
    return first.done ? [false] : [true, first.value];
  };
  return freeze({
    db, print, typeOf, escaped, handled, unhandled,
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

/**
 * Evaluates the prelude in `vm`, wired to `host`: the handle of the object of its functions
 * (db, print, escaped, handled, unhandled and the readers). Call once, before the program runs.
 */
export function installHost(vm: QuickJSContext, host: HostCalls): QuickJSHandle {
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
  return api;
}
