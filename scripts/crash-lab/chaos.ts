import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  chaosPlan,
  createCrashLab,
  describePlan,
  evaluate,
  labRunIds,
  ONLY_FENCE_POINTS,
  type RemovableFence,
} from '@/lib/crashlab';
import { counted } from '@/lib/lease';
import { formatEvaluation } from './format';
import type { SupervisorMessage, WorkerMessage } from './chaos-worker';
import { PLAN_ENV } from './chaos-worker';
import { EXIT } from './exit-codes';
import { BadInput } from './files';
import { createChaosQueue } from './chaos-create';
import { collect, spawnWorker, workerArgs, type Exited } from './fleet';
import { number, places, type QueueValues } from './queue-args';
import { historyWriter, newHistoryFile, readHistory } from './queue-history-file';
import { describePlace } from './queue-connect';
import { endWorkers, waitStopped, watchStopSignals } from './stop-signals';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SIGNAL_EXITS = { SIGINT: EXIT.interrupted, SIGHUP: EXIT.hangup } as const;
const exitFor = (signal: NodeJS.Signals) =>
  signal in SIGNAL_EXITS ? SIGNAL_EXITS[signal as keyof typeof SIGNAL_EXITS] : EXIT.terminated;

interface Slot {
  index: number;
  incarnation: number;
  child: ChildProcess;
  owner: string;
  done: Promise<Exited>;
  paused: { run: string; generation: number } | null;
}

/**
 * `chaos`: submits a fresh queue, runs N worker processes under a supervisor, and evaluates.
 * The faults come from a seeded plan (printed, repeatable): a planned worker stops itself at its
 * point and the supervisor SIGKILLs it there (and starts a replacement), or holds it stopped
 * until its lease has run out and another worker has taken the run over, then SIGCONTs it, so it
 * wakes up stale before the new generation writes; planned publisher acks are dropped.
 */
export async function runChaos(options: {
  values: QueueValues;
  print: (l: string) => void;
}): Promise<number> {
  const { values, print } = options;
  const p = places(values);
  const workers = number(values, 'workers', 8, 2, 64, true);
  const runs = number(values, 'runs', 1000, 1, 100_000, true);
  const seconds = number(values, 'seconds', 60, 1, 3600);
  const seed = number(values, 'seed', Math.floor(Math.random() * 1_000_000), 0, 2 ** 31, true);
  const faults = number(values, 'faults', Math.max(1, Math.round(runs / 20)), 0, runs, true);
  const leaseSeconds = number(values, 'lease-seconds', 1, 0.2, 60);
  const removedFence = (values['remove-fence'] as RemovableFence | undefined) ?? null;
  const asked = resolve(
    process.env.INIT_CWD ?? process.cwd(),
    typeof values.history === 'string' ? values.history : `.lab/chaos-${seed}.jsonl`,
  );
  // Chaos never appends to an existing history: it writes a new file beside it and says so.
  const history = newHistoryFile(asked);
  // Ctrl-C, SIGTERM or SIGHUP: caught from here on, while the queue is made too; every worker
  // is ended, paused ones too, before the supervisor exits.
  const stop = watchStopSignals();
  const made = await createChaosQueue({
    ...p,
    runs,
    experiment: `chaos-${seed}`,
    removedFence,
    history,
    signal: stop.signal,
  }).catch((error) => {
    stop.off();
    throw error;
  });
  if ('interrupted' in made) {
    stop.off();
    print(made.line);
    return exitFor(made.interrupted);
  }
  const { db } = made;
  const record = historyWriter(history);
  if (history !== asked)
    print(`history ${asked} already exists; this run writes ${history} (chaos never appends)`);
  const lab = createCrashLab({ task: db.task, publisher: db.publisher, leaseSeconds });
  const plan = chaosPlan(seed, labRunIds(runs), faults, removedFence);
  print(
    `chaos: seed ${seed}, ${workers} workers, ${runs} runs, lease ${leaseSeconds} s, ${plan.length} planned faults (repeat with --seed ${seed})`,
  );
  if (removedFence)
    print(
      `WITHOUT the ${removedFence} fence: every pause is aimed where only that fence stands (${ONLY_FENCE_POINTS[removedFence].join(', ')}), ${plan.filter((f) => f.action === 'pause').length} of ${plan.length} faults`,
    );
  print(
    `database ${describePlace(p.task)}, publisher ${describePlace(p.publisher)}, history ${history}`,
  );
  for (const line of describePlan(plan).slice(0, 12)) print(`  ${line}`);
  if (plan.length > 12) print(`  … ${plan.length - 12} more`);

  const wargs = { ...values, 'lease-seconds': String(leaseSeconds) };
  const slots: Slot[] = [];
  const nemesis = { kill: 0, pause: 0, resume: 0 };
  const waitingLeft = new Map<string, () => void>();
  const started = Date.now();
  let stopping = false;
  // A worker that refused its own options or could not open the queue (exit 2) is the cause to
  // name: the runs it never took are no fencing violations (issue 42 review F1).
  let refusedBy: { owner: string; line: string } | null = null;
  let refusal: () => void = () => undefined;
  const refusedWorker = new Promise<void>((r) => (refusal = r));

  const spawnSlot = (index: number, incarnation: number): Slot => {
    const owner = `w${index + 1}${incarnation ? `.${incarnation}` : ''}`;
    const child = spawnWorker(workerArgs(wargs, owner, history), {
      ipc: true,
      env: { [PLAN_ENV]: JSON.stringify(plan) },
    });
    const slot: Slot = { index, incarnation, child, owner, done: collect(child), paused: null };
    void slot.done.then((r) => {
      if (r.code !== EXIT.badInput || stopping || refusedBy) return;
      refusedBy = {
        owner,
        line: (r.stderr.trim().split('\n').pop() ?? '').replace(/^crash lab: /, ''),
      };
      refusal();
    });
    record({ type: 'nemesis', t: Date.now(), pid: child.pid ?? 0, worker: owner, action: 'spawn' });
    child.on('message', (m: WorkerMessage) => void onMessage(slot, m));
    slots[index] = slot;
    return slot;
  };
  const tell = (slot: Slot, message: SupervisorMessage) => {
    if (slot.child.connected) slot.child.send(message);
  };
  const pausedCount = () => slots.filter((s) => s.paused).length;

  const onMessage = async (slot: Slot, m: WorkerMessage) => {
    const pid = slot.child.pid ?? 0;
    if (m.type === 'stopping') {
      if (!(await waitStopped(pid))) return;
      if (m.action === 'kill' || stopping) {
        record({
          type: 'nemesis',
          t: Date.now(),
          pid,
          worker: slot.owner,
          action: 'kill',
          run: m.run,
          generation: m.generation,
          point: m.point,
        });
        nemesis.kill++;
        slot.child.kill('SIGKILL');
        await slot.done;
        if (!stopping) spawnSlot(slot.index, slot.incarnation + 1);
        return;
      }
      record({
        type: 'nemesis',
        t: Date.now(),
        pid,
        worker: slot.owner,
        action: 'pause',
        run: m.run,
        generation: m.generation,
        point: m.point,
      });
      nemesis.pause++;
      if (pausedCount() >= workers - 1) {
        // Somebody must stay awake to take the run over; this pause ends at once.
        record({
          type: 'nemesis',
          t: Date.now(),
          pid,
          worker: slot.owner,
          action: 'resume',
          run: m.run,
          generation: m.generation,
        });
        nemesis.resume++;
        slot.child.kill('SIGCONT');
        return;
      }
      slot.paused = { run: m.run, generation: m.generation };
      return;
    }
    if (m.type === 'took-over') {
      const holder = slots.find((s) => s.paused?.run === m.run);
      if (holder) {
        // The new generation holds the run; wake the old holder first and let it try its next
        // write, stale, before the new generation writes anything.
        const left = new Promise<void>((r) => waitingLeft.set(m.run, r));
        holder.paused = null;
        record({
          type: 'nemesis',
          t: Date.now(),
          pid: holder.child.pid ?? 0,
          worker: holder.owner,
          action: 'resume',
          run: m.run,
          generation: m.generation - 1,
        });
        nemesis.resume++;
        holder.child.kill('SIGCONT');
        await Promise.race([left, holder.done]);
      }
      tell(slot, { type: 'go', run: m.run });
      return;
    }
    if (m.type === 'left') {
      waitingLeft.get(m.run)?.();
      waitingLeft.delete(m.run);
    }
  };

  for (let i = 0; i < workers; i++) spawnSlot(i, 0);
  // Wait until every worker has exited on its own (every run final), time runs out, or a
  // signal asks the supervisor to stop.
  const deadline = started + seconds * 1000;
  let timedOut = false;
  const endAll = () => {
    stopping = true;
    return endWorkers(slots);
  };
  try {
    for (;;) {
      const current = [...slots];
      const all = Promise.all(current.map((s) => s.done));
      const finished = await Promise.race([
        all.then(() => true),
        stop.arrived.then(() => false),
        refusedWorker.then(() => false),
        sleep(Math.max(0, Math.min(500, deadline - Date.now()))).then(() => false),
      ]);
      const interrupted = stop.signal();
      if (interrupted) {
        const { live, paused } = await endAll();
        await db.close();
        print(
          `chaos interrupted (${interrupted}) after ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
            `ended ${counted(live.length, 'worker process', 'worker processes')}${live.length ? ` (${live.join(', ')})` : ''}` +
            `${paused.length ? `, ${paused.length} of them paused (${paused.join(', ')}), resumed and ended` : ''}; ` +
            `no evaluation; the history so far is in ${history} (seed ${seed})`,
        );
        return exitFor(interrupted);
      }
      if (refusedBy) {
        await endAll();
        await db.close();
        const { owner, line } = refusedBy as { owner: string; line: string };
        throw new BadInput(
          `chaos stopped: worker ${owner} refused to start (exit ${EXIT.badInput}): ${line}; no evaluation; the queue is in ${describePlace(p.task)}`,
        );
      }
      if (finished && current.every((s, i) => slots[i] === s)) break;
      if (Date.now() >= deadline) {
        timedOut = true;
        await endAll();
        break;
      }
    }
  } finally {
    stop.off();
  }
  const elapsed = (Date.now() - started) / 1000;
  const snapshot = await lab.snapshot();
  await db.close();
  const evaluation = evaluate(snapshot, readHistory(history));
  const entries = readHistory(history);
  const unknown = entries.filter((e) => e.type === 'complete' && e.outcome === 'unknown').length;
  const refused = entries.filter(
    (e) => e.type === 'complete' && e.outcome === 'refused' && e.op !== 'claim',
  ).length;
  print(formatEvaluation(evaluation));
  print(
    `chaos ${timedOut ? 'RAN OUT OF TIME' : 'finished'} in ${elapsed.toFixed(1)} s: ${evaluation.succeeded}/${runs} runs succeeded, ` +
      `${counted(evaluation.receipts, 'receipt')}, ${nemesis.kill} killed, ${nemesis.pause} paused, ${counted(unknown, 'ack')} dropped, ` +
      `${counted(refused, 'stale write')} refused, ${counted(evaluation.violations.length, 'violation')} (seed ${seed})`,
  );
  return evaluation.passed && !timedOut ? EXIT.ok : EXIT.failed;
}
