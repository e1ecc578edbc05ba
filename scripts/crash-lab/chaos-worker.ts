import type { ChaosHooks, PlannedFault } from '@/lib/crashlab';

/** Messages between a worker process and the chaos supervisor (over Node's IPC channel). */
export type WorkerMessage =
  | { type: 'stopping'; action: 'kill' | 'pause'; run: string; generation: number; point: string }
  | { type: 'took-over'; run: string; generation: number }
  | { type: 'left'; run: string; generation: number }
  | { type: 'ready' };
export type SupervisorMessage = { type: 'go'; run: string };

/** Set for a benchmark's workers: each connects, says it is ready, and starts when told. */
export const BARRIER_ENV = 'CRASHLAB_BARRIER';

/** Tells the parent this worker is connected and waits for its word to start. */
export function barrier(): Promise<void> {
  return new Promise((resolve) => {
    process.on('message', (m: SupervisorMessage) => {
      if (m.type === 'go' && m.run === '*') resolve();
    });
    process.send!({ type: 'ready' } satisfies WorkerMessage);
  });
}

export const PLAN_ENV = 'CRASHLAB_CHAOS_PLAN';

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

/**
 * The worker's side of the chaos: at a planned point it tells the supervisor and stops itself
 * (SIGSTOP), so the supervisor kills it there or holds it past its lease; it tells the
 * supervisor when it takes over a run and waits for the word to go on, so a paused holder
 * wakes up, stale, before the new generation writes anything; and it loses the planned acks.
 */
export function chaosHooksFromEnv(): ChaosHooks | undefined {
  const raw = process.env[PLAN_ENV];
  if (!raw || !process.send) return undefined;
  const plan = new Map((JSON.parse(raw) as PlannedFault[]).map((f) => [f.runId, f]));
  const waiting = new Map<string, () => void>();
  // The supervisor is gone (killed, or it exited without ending us): nobody will resume or
  // stop this worker any more, so it ends at once rather than run on as an orphan.
  process.on('disconnect', () => process.exit(1));
  process.on('message', (message: SupervisorMessage) => {
    if (message.type === 'go') {
      waiting.get(message.run)?.();
      waiting.delete(message.run);
    }
  });
  return {
    async at(point, run, generation) {
      const fault = plan.get(run);
      if (!fault || fault.point !== point || fault.action === 'drop-ack') return;
      await send({ type: 'stopping', action: fault.action, run, generation, point });
      process.kill(process.pid, 'SIGSTOP');
    },
    dropAck: (run) => plan.get(run)?.action === 'drop-ack',
    async tookOver(run, generation) {
      const go = new Promise<void>((resolve) => waiting.set(run, resolve));
      await send({ type: 'took-over', run, generation });
      await go;
    },
    async left(run, generation) {
      await send({ type: 'left', run, generation });
    },
  };
}
