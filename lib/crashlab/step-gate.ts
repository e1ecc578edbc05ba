/**
 * A step gate: in step-by-step mode a worker pauses inside every step until it is told to go
 * on. Learners use it to act at an exact point (kill after collect, wake a stale worker after a
 * takeover); tests use it so they never race a worker's timer.
 */
export interface StepGate {
  /** Resolves when `release` is called. */
  wait(): Promise<void>;
  /** Lets the waiting step go on; with no step waiting it does nothing (a pause is never skipped). */
  release(): void;
}

/** Creates a gate for one worker. */
export function createStepGate(): StepGate {
  let waiting: (() => void) | null = null;
  return {
    wait() {
      return new Promise<void>((resolve) => {
        waiting = resolve;
      });
    },
    release() {
      const resolve = waiting;
      waiting = null;
      resolve?.();
    },
  };
}
