import { BUILT_INS, shown, type ShownText } from '@/lib/bounded';
import { boundDatabase, loadSqlJs, type DatabaseBounds, type SqlJsDriver } from '@/lib/sqlite';
import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { LAB_LIMITS } from './limits';
import { createProgramEngine, type ProgramEngine } from './engine';
import { labMessage, timeFailure, type LabError } from './program-failure';
import { PROGRAM_FILE, programPosition } from './program-position';
import { runRecord, type HarnessFailure, type LabRun } from './run-record';
import type { StopLimit } from './stop-words';
import { ESCAPED, HANDLED, reportAsyncEscapes } from './async-escapes';
import { compileProgram } from './transpile';
import {
  engineGaveOut,
  failureOf as thrownFailure,
  type RememberedFailure,
  type ThrownContext,
} from './thrown-failure';
import { setUpBridge, type HostAnswer } from './vm-bridge';

export type { LabRun, LabStep } from './run-record';

export interface RunOptions {
  /**
   * The tables whose rows are snapshotted after each write, the first that exists: the lesson's
   * `runs`, then `jobs` for a program saved before the lab used the runs table.
   */
  watchTables?: readonly string[];
  /** Called after each database call and each print: the program is working, not stuck. */
  onActivity?: () => void;
  /**
   * When the engine stops the program: after `silentMs` without a database call or a print, or
   * `timeoutMs` in all (LAB_LIMITS' by default). Checked between the program's own steps and
   * before each db call and print, so a loop of slow db calls is stopped too; a single database
   * call is not interrupted (the page ends the worker for that).
   */
  limits?: { silentMs: number; timeoutMs: number };
  /** A fresh engine made beforehand (the worker makes it while it warms up); else one is made. */
  engine?: ProgramEngine;
  /** The database's bounds (lib/sqlite's DATABASE_LIMITS), if put on it already; else put now. */
  bounds?: DatabaseBounds;
}

// The runner's own calls, as they were when this module loaded.
const { push } = BUILT_INS;
const now = () => performance.now();

/** Errors the harness threw at the program, kept to report them as recorded if uncaught. */
const REMEMBERED_FAILURES = 32;

/**
 * Runs a learner's TypeScript program against a sql.js database: compiles it (types stripped,
 * lines kept) and runs it in a fresh QuickJS engine (engine.ts) with `db` and `print`, and
 * records the printed lines, every statement, and a snapshot of the watched table after each
 * write. A SQL error is reported with the program line of the db call; any other exception
 * with its own line; running out of the engine's memory or time with one line of the lab's.
 */
export async function runProgram(
  driver: SqlJsDriver,
  source: string,
  options: RunOptions = {},
): Promise<LabRun> {
  const watchTables = options.watchTables ?? ['runs', 'jobs'];
  const limits = options.limits ?? {
    silentMs: LAB_LIMITS.silentMs,
    timeoutMs: LAB_LIMITS.timeoutMs,
  };
  const started = now();
  let lastActivity = started;
  let stoppedBy: StopLimit | null = null;
  // The failure of the statement that ran into the database's bounds: it ends the run.
  let databaseStop: LabError | null = null;
  const bounds = options.bounds ?? boundDatabase(await loadSqlJs(), driver.raw);
  const record = runRecord(
    driver,
    source,
    watchTables,
    () => {
      lastActivity = now();
      options.onActivity?.();
    },
    bounds,
  );
  const result = (error: LabError | null) => record.result(error);

  const compiled = compileProgram(source);
  if (!compiled.ok) {
    const { message, line, column } = compiled;
    return result({ kind: 'compile', message: labMessage(message), line, column });
  }

  const engine = options.engine ?? (await createProgramEngine());
  const { vm, runtime } = engine;
  const stopped = () => {
    if (databaseStop) return true;
    const at = now();
    if (at - started > limits.timeoutMs) stoppedBy = 'total';
    else if (at - lastActivity > limits.silentMs) stoppedBy = 'silence';
    return stoppedBy !== null;
  };
  // The engine asks its interrupt handler every few thousand steps, which a loop of slow db
  // calls may take minutes to reach (issue 42: hex(zeroblob(5000000)) in a loop ran until the
  // page ended the worker): each db call and print asks first, and past a limit throws instead.
  const stopNow = (): HostAnswer => ({
    error: vm.newError({ name: 'InternalError', message: 'interrupted' }),
  });

  // An error the harness throws at the program: made in the engine, and remembered with the
  // lab's own report of it, in case the program does not catch it.
  const remembered: RememberedFailure[] = [];
  const fail = (failure: LabError, name: string, message: string): HostAnswer => {
    const handle = vm.newError({ name, message });
    if (failure.kind === 'memory') databaseStop ??= failure;
    push(remembered, { handle: handle.dup(), failure });
    if (remembered.length > REMEMBERED_FAILURES) remembered.shift()?.handle.dispose();
    return { error: handle };
  };
  const failAt = (stack: string, { kind, name, message }: HarnessFailure) => {
    const site = programPosition(stack);
    const shownMessage =
      kind === 'sql' ? shown`SQLite error: ${labMessage(message)}` : labMessage(message);
    return fail(
      {
        kind,
        message: kind === 'runtime' ? shown`${name as ShownText}: ${shownMessage}` : shownMessage,
        line: site?.line ?? null,
        column: kind === 'runtime' ? (site?.column ?? null) : null,
      },
      name,
      message,
    );
  };
  /** A record's answer as the engine takes it: a value made there, or an error thrown there. */
  const answerOf = (answer: ReturnType<typeof record.call>, stack: () => string): HostAnswer =>
    answer.ok ? bridge.toEngine(answer.value) : failAt(stack(), answer.failure);

  const bridge = setUpBridge(vm, {
    call: (method, sql, params, where) => {
      if (stopped()) return stopNow();
      const stack = bridge.text(where);
      const answer = record.call(
        bridge.text(method) as Parameters<typeof record.call>[0],
        bridge.value(sql),
        bridge.params(params),
        stack,
      );
      return answerOf(answer, () => stack);
    },
    print: (line, where) =>
      stopped()
        ? stopNow()
        : answerOf(record.print(bridge.typeOf(line) === 'string' ? bridge.text(line) : ''), () =>
            bridge.text(where),
          ),
    log: (level, line) => {
      const method = bridge.text(level) as 'log' | 'info' | 'warn' | 'error' | 'debug';
      if (bridge.typeOf(line) === 'string') console[method](bridge.text(line));
    },
    transaction: (fn, where) => {
      const refused = record.refuseTransaction(bridge.typeOf(fn) === 'function');
      if (refused) return answerOf(refused, () => bridge.text(where));
      let thrown: QuickJSHandle | null = null;
      try {
        return driver.transaction(() => {
          const answer = vm.callFunction(fn, vm.undefined);
          if (answer.error) {
            thrown = answer.error;
            throw new Error('rolled back');
          }
          return answer.value;
        });
      } catch (error) {
        if (thrown) return { error: thrown };
        throw error;
      }
    },
  });

  const thrownContext: ThrownContext = {
    engine,
    bridge,
    remembered,
    stop: () => ({ database: databaseStop, limit: stoppedBy }),
  };
  const failureOf = (thrown: QuickJSHandle) => thrownFailure(thrownContext, thrown);

  // The limits count from here, the program's first step: the harness's own set-up (the engine,
  // the bridge's prelude) is not the program's time, and on a busy machine it once used up a
  // short quiet limit before the program began.
  lastActivity = now();
  runtime.setInterruptHandler(stopped);
  let failure: LabError | null = null;
  try {
    // The program is one function whose opening shares its first line: every line stays the
    // learner's. Its first step is to say it is strict.
    const made = vm.evalCode(
      `(function (db, print, ${ESCAPED}, ${HANDLED}) {"use strict";${reportAsyncEscapes(compiled.code)}\n})`,
      PROGRAM_FILE,
    );
    if (made.error) {
      const thrown = bridge.describe(made.error);
      made.error.dispose();
      const message = thrown.kind === 'error' ? thrown.message.text : '';
      return result({
        kind: 'compile',
        message: shown`Syntax error: ${labMessage(message)}`,
        line: thrown.kind === 'error' ? (programPosition(thrown.stack)?.line ?? null) : null,
        column: null,
      });
    }
    const { db, print, escaped, handled } = bridge;
    const answer = vm.callFunction(made.value, vm.undefined, db, print, escaped, handled);
    made.value.dispose();
    if (answer.error) failure = failureOf(answer.error);
    else answer.value.dispose();
    // Work the program left (promise callbacks, the rest of its async functions) runs now, under
    // the same limits and with db still open: the engine has no timers, so nothing of it can
    // run after the run's result.
    if (!failure) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) failure = failureOf(jobs.error);
      // A callback the engine interrupted rejects its promise instead of throwing.
      else if (stoppedBy) failure = timeFailure(stoppedBy);
    }
    // A rejection nobody handled is the program's error, as a throw would have been.
    if (!failure) {
      const reason = bridge.unhandled();
      if (reason) failure = failureOf(reason);
    }
  } catch (error) {
    failure = engineGaveOut(thrownContext, error);
  } finally {
    record.end();
  }
  return result(databaseStop ?? failure);
}
