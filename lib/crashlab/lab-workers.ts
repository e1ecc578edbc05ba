import type { Explained } from '@/lib/lease';
import { answerRpc, workerMessage } from '@/lib/worker';
import type { HistoryEntry } from './history';
import type { CrashLab } from './lab';
import type { HostMessage, LabWorkerMessage, WorkerStall } from './protocol';
import { logLine } from './worker-log';
import { FAULT_EXIT_CODE, type FaultPoint } from './types';
import { afterEvent, LIVE, newWorkerView, type LabWorkerView } from './worker-view';

/** How the page starts a worker, and how long each step's work takes in it. */
export interface LabWorkerOptions {
  stepMs: number;
  createWorker: () => Worker;
}

/** What the workers need of the experiment they run in. */
export interface ExperimentLink {
  /** The lab whose databases serve the workers' calls (null between experiments). */
  lab(): CrashLab | null;
  /** Appends to the experiment's history (the CLI's JSONL history). */
  record(entry: HistoryEntry): void;
  /** A worker's view or the databases changed: read them again and tell the page. */
  refresh(): Promise<void>;
  /** Only the history changed: tell the page. */
  emit(): void;
}

interface Entry {
  worker: Worker;
  view: LabWorkerView;
  /** Calls that arrived while the worker was paused from the page. */
  waiting: Extract<LabWorkerMessage, { type: 'call' }>[];
}

/**
 * The crash lab's Web Workers in the browser, from start to exit: each runs the one worker loop
 * and calls the lab through the page; it can die at a fault point, be terminated, paused and
 * resumed, or stepped through. Every start, exit, kill, pause and resume goes into the history.
 */
export class LabWorkers {
  private entries = new Map<number, Entry>();
  private nextWorker = 1;

  constructor(
    private readonly options: LabWorkerOptions,
    private readonly experiment: ExperimentLink,
  ) {}

  /** Every worker started in this experiment, as the page shows it. */
  views(): LabWorkerView[] {
    return [...this.entries.values()].map((w) => w.view);
  }

  /** Starts a new worker, which claims runs until every run is final (waiting while held). */
  start(fault: FaultPoint | null, stall: WorkerStall | null = null, gated = false): number {
    const id = this.nextWorker++;
    const owner = `worker-${id}`;
    const view = newWorkerView(id, owner, fault, stall, gated);
    const worker = this.options.createWorker();
    this.entries.set(id, { worker, view, waiting: [] });
    this.experiment.record({
      type: 'process',
      t: Date.now(),
      pid: id,
      worker: owner,
      event: 'start',
    });
    worker.onmessage = (event: MessageEvent<LabWorkerMessage>) => this.handle(id, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const crashed = logLine({ kind: 'crashed', message: workerMessage(event.message) });
      this.update(id, { state: 'died' }, crashed);
    };
    const pollMs = 250;
    const { stepMs } = this.options;
    worker.postMessage({
      ...{ type: 'start', owner, pid: id, fault, stall, stepMs, pollMs, gated },
    } satisfies HostMessage);
    void this.experiment.refresh();
    return id;
  }

  /** Lets a paused step-by-step worker finish the step it is in and go on to the next pause. */
  step(id: number): void {
    const entry = this.live(id);
    if (!entry?.view.paused) return;
    entry.view = { ...entry.view, paused: null };
    entry.worker.postMessage({ type: 'step' } satisfies HostMessage);
    void this.experiment.refresh();
  }

  /** Terminates a worker at once, wherever it is: mid-step, nothing after this point runs. */
  kill(id: number): void {
    const entry = this.live(id);
    if (!entry) return;
    entry.worker.terminate();
    this.nemesis(entry, 'kill');
    const { step } = entry.view;
    const line = logLine({ kind: 'killed', during: step });
    this.update(id, { state: 'killed', paused: null, held: false }, line);
  }

  /** Pauses a worker from the page: its next call waits, while its lease runs on. */
  pause(id: number): void {
    const entry = this.live(id);
    if (!entry || entry.view.held) return;
    this.nemesis(entry, 'pause');
    this.update(id, { held: true }, logLine({ kind: 'held', paused: true }));
  }

  /** Resumes a paused worker: the call it was making goes through now, perhaps stale. */
  resume(id: number): void {
    const entry = this.live(id);
    if (!entry?.view.held) return;
    this.nemesis(entry, 'resume');
    this.update(id, { held: false }, logLine({ kind: 'held', paused: false }));
    for (const call of entry.waiting.splice(0)) void this.serve(id, call);
  }

  /** Terminates every worker and forgets them (a new experiment, or the page is leaving). */
  stopAll(): void {
    for (const { worker } of this.entries.values()) worker.terminate();
    this.entries.clear();
  }

  private live(id: number): Entry | undefined {
    const entry = this.entries.get(id);
    return entry && LIVE.includes(entry.view.state) ? entry : undefined;
  }

  private nemesis(entry: Entry, action: 'kill' | 'pause' | 'resume'): void {
    const { id, owner, run, generation } = entry.view;
    this.experiment.record({
      ...{ type: 'nemesis', t: Date.now(), pid: id, worker: owner, action },
      ...(run ? { run, generation: generation ?? undefined } : {}),
    });
  }

  private async serve(id: number, call: Extract<LabWorkerMessage, { type: 'call' }>) {
    const lab = this.experiment.lab();
    if (!lab) return;
    const { claimNext, beginStep, publish, checkpoint, finish } = lab;
    const reply = await answerRpc(call, { claimNext, beginStep, publish, checkpoint, finish });
    // A worker killed while its call ran learns nothing (its reply is lost with it).
    const entry = this.live(id);
    if (!entry || this.experiment.lab() !== lab) return;
    entry.worker.postMessage(reply satisfies HostMessage);
    await this.experiment.refresh();
  }

  private handle(id: number, message: LabWorkerMessage): void {
    const entry = this.live(id);
    // A dead worker sends nothing: ignore whatever was still in flight when it was killed.
    if (!entry || !this.experiment.lab()) return;
    switch (message.type) {
      case 'call':
        if (entry.view.held) entry.waiting.push(message);
        else void this.serve(id, message);
        return;
      case 'history':
        this.experiment.record({ ...message.entry, pid: id });
        this.experiment.emit();
        return;
      case 'event': {
        const { patch, line } = afterEvent(entry.view, message.event);
        this.update(id, patch, line);
        return;
      }
      case 'paused':
        this.update(
          id,
          { paused: message.step },
          logLine({ kind: 'step-gate', step: message.step }),
        );
        return;
      case 'died':
        this.exited(entry, FAULT_EXIT_CODE);
        this.update(id, { state: 'died' }, logLine({ kind: 'died', at: message.point }));
        return;
      case 'done': {
        this.exited(entry, 0);
        const stopped = message.summary.stopped;
        const line = logLine({ kind: 'finished', allFinal: stopped === 'all-final' });
        this.update(id, { state: 'finished', run: null, step: null, paused: null }, line);
        return;
      }
    }
  }

  private exited(entry: Entry, code: number): void {
    const { id: pid, owner: worker } = entry.view;
    this.experiment.record({ type: 'process', t: Date.now(), pid, worker, event: 'exit', code });
  }

  private update(id: number, patch: Partial<LabWorkerView>, line: Explained): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.view = { ...entry.view, ...patch, log: [...entry.view.log, line] };
    void this.experiment.refresh();
  }
}
