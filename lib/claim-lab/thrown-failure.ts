import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { memorySpent, type ProgramEngine } from './engine';
import {
  describeThrown,
  labMessage,
  memoryFailure,
  timeFailure,
  type LabError,
} from './program-failure';
import { programPosition, recursionPosition } from './program-position';
import type { StopLimit } from './stop-words';
import { HARNESS_FILE, type Bridge } from './vm-bridge';

/** An error the harness threw at the program, with the lab's own report of it. */
export interface RememberedFailure {
  handle: QuickJSHandle;
  failure: LabError;
}

/** What a run knows when it reads what the program threw (run-program.ts keeps it). */
export interface ThrownContext {
  engine: ProgramEngine;
  bridge: Bridge;
  remembered: readonly RememberedFailure[];
  /** Why the run was stopped, if it was: the database's bound, or a time limit. */
  stop(): { database: LabError | null; limit: StopLimit | null };
}

/** The run's failure for a value the program threw (disposed here). */
export function failureOf(context: ThrownContext, thrown: QuickJSHandle): LabError {
  const { engine, bridge, remembered } = context;
  try {
    // Once stopped, the engine runs nothing more (describing the error would be interrupted too).
    const { database, limit } = context.stop();
    if (database) return database;
    if (limit) return timeFailure(limit);
    const mine = remembered.find((r) => engine.vm.sameValue(r.handle, thrown));
    if (mine) return mine.failure;
    const described = bridge.describe(thrown);
    const at = described.kind === 'error' ? programPosition(described.stack) : null;
    if (
      (described.kind === 'error' &&
        described.name.text === 'InternalError' &&
        described.message.text === 'out of memory') ||
      (described.kind === 'value' && described.type === 'null' && memorySpent(engine))
    )
      return memoryFailure(engine, at?.line ?? null);
    return describeThrown(described);
  } catch {
    return memorySpent(engine)
      ? memoryFailure(engine, null)
      : {
          kind: 'runtime',
          message: labMessage('The program threw a value the lab could not read.'),
          line: null,
          column: null,
        };
  } finally {
    thrown.dispose();
  }
}

/**
 * The run's failure when the engine itself gave out under the program: its memory (an allocation
 * the harness made for the program), or the worker's own stack under a deep recursion.
 */
export function engineGaveOut(context: ThrownContext, error: unknown): LabError {
  if (memorySpent(context.engine)) return memoryFailure(context.engine, null);
  const at = whereItStood(context);
  return {
    kind: 'runtime',
    message: labMessage(
      `The program stopped the lab's JavaScript engine: ${error instanceof Error ? error.message : String(error)}`,
    ),
    line: at?.line ?? null,
    column: at?.column ?? null,
  };
}

/**
 * Where the program stood when the worker's own stack gave out inside the engine: in Chromium's
 * worker, JSON.stringify of a value nested thousands deep (issue 42 review, B), whose recursion
 * in the engine's C code takes more of the worker's stack per level than of the engine's own
 * capped stack, so the engine's check never trips. The exception unwound the engine's frames
 * without popping them, so an error made in the engine now carries them in its stack: the
 * program's line, the one that recursed most if it recursed. An error the engine throws itself
 * (reading a property of null), not one made by calling the program's `Error`, which it may have
 * replaced. Null when the engine cannot say.
 */
function whereItStood({ engine, bridge }: ThrownContext): { line: number; column: number } | null {
  try {
    const made = engine.vm.evalCode('null.where', HARNESS_FILE);
    if (!made.error) {
      made.value.dispose();
      return null;
    }
    const thrown = bridge.describe(made.error);
    made.error.dispose();
    return thrown.kind === 'error' ? recursionPosition(thrown.stack) : null;
  } catch {
    return null;
  }
}
