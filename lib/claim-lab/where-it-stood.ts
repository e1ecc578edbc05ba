import type { QuickJSContext } from 'quickjs-emscripten-core';
import { recursionPosition } from './program-position';
import { HARNESS_FILE, type Bridge } from './vm-bridge';

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
export function whereItStood(
  vm: QuickJSContext,
  bridge: Bridge,
): { line: number; column: number } | null {
  try {
    const made = vm.evalCode('null.where', HARNESS_FILE);
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
