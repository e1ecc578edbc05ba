import { asyncDriver } from '@/lib/sqlite/async-driver';
import { openSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import type { Explained } from '@/lib/lease';
import { evaluate, type Evaluation } from './evaluate';
import type { HistoryEntry } from './history';
import { createCrashLab, submitLab, type CrashLab } from './lab';
import { answerRpc, workerMessage } from '@/lib/worker';
import type { HostMessage, LabWorkerMessage, WorkerStall } from './protocol';
import { clockStatement } from './schema';
import { dumpLabTables, type TableDump } from './table-dump';
import { logLine } from './worker-log';
import { FAULT_EXIT_CODE, type FaultPoint, type LabSnapshot } from './types';
import { afterEvent, LIVE, newWorkerView, type LabWorkerView } from './worker-view';

export interface HostState {
  ready: boolean;
  error: string | null;
  runs: number;
  workers: LabWorkerView[];
  snapshot: LabSnapshot | null;
  tables: { task: TableDump[]; publisher: TableDump[] };
  /** Every worker's calls and the page's kills and pauses, as the CLI's JSONL history. */
  history: HistoryEntry[];
  evaluation: Evaluation | null;
}

export interface HostOptions {
  leaseSeconds: number;
  stepMs: number;
  createWorker: () => Worker;
}

/** Before the databases open (and on the server, for React's first render). */
export const EMPTY_STATE: HostState = {
  ...{ ready: false, error: null, runs: 1, workers: [], snapshot: null },
  ...{ tables: { task: [], publisher: [] }, history: [], evaluation: null },
};

interface Entry {
  worker: Worker;
  view: LabWorkerView;
  /** Calls that arrived while the worker was paused from the page. */
  waiting: Extract<LabWorkerMessage, { type: 'call' }>[];
}

/**
 * The browser crash lab: the page owns the task and publisher databases (sql.js) and serves the
 * calls of Web Workers that run the one worker loop, several at once, each a real worker that
 * can die at a fault point, be terminated, or be paused from the page. It is the CLI's lab
 * (lib/crashlab/lab.ts) with a queue of one or more runs. React reads it through subscribe/getState.
 */
export class CrashLabHost {
  private task: SqlJsDriver | null = null;
  private publisher: SqlJsDriver | null = null;
  private lab: CrashLab | null = null;
  private workers = new Map<number, Entry>();
  private nextWorker = 1;
  private resetGeneration = 0;
  private listeners = new Set<() => void>();
  private state: HostState = EMPTY_STATE;

  constructor(private readonly options: HostOptions) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  get leaseSeconds(): number {
    return this.options.leaseSeconds;
  }

  /** Database time in seconds, for the lease countdown. */
  now(): number {
    const row = this.task?.get<{ now: number }>(clockStatement('sqlite'));
    return row ? Number(row.now) : Date.now() / 1000;
  }

  /** Starts a fresh experiment: new databases, `runs` queued runs, no workers. */
  async reset(leaseSeconds = this.options.leaseSeconds, runs = this.state.runs): Promise<void> {
    // Resets can overlap (the page's first reset, then a quick "New experiment"). Each carries a
    // generation, and only the newest may install its databases: the lesson's own fencing rule
    // (regression: crash-lab-overlapping-reset, "no such table" for the publisher's fence).
    const generation = ++this.resetGeneration;
    this.dispose();
    this.options.leaseSeconds = leaseSeconds;
    try {
      const task = await openSqlJs();
      const publisher = await openSqlJs();
      if (generation !== this.resetGeneration) {
        task.close();
        publisher.close();
        return;
      }
      const experiment = Math.random().toString(16).slice(2, 10);
      await submitLab(asyncDriver(task), asyncDriver(publisher), { runs, experiment });
      this.task = task;
      this.publisher = publisher;
      this.lab = createCrashLab({
        task: asyncDriver(task),
        publisher: asyncDriver(publisher),
        leaseSeconds,
      });
      this.state = {
        ...this.state,
        ready: true,
        error: null,
        runs,
        workers: [],
        history: [],
        evaluation: null,
      };
    } catch (error) {
      this.state = {
        ...this.state,
        ready: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    await this.refresh();
  }

  /** Starts a new worker, which claims runs until every run is final (waiting while held). */
  startWorker(fault: FaultPoint | null, stall: WorkerStall | null = null, gated = false): number {
    const id = this.nextWorker++;
    const owner = `worker-${id}`;
    const view = newWorkerView(id, owner, fault, stall, gated);
    const worker = this.options.createWorker();
    this.workers.set(id, { worker, view, waiting: [] });
    this.record({ type: 'process', t: Date.now(), pid: id, worker: owner, event: 'start' });
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
    void this.refresh();
    return id;
  }

  /** Lets a paused step-by-step worker finish the step it is in and go on to the next pause. */
  step(id: number): void {
    const entry = this.live(id);
    if (!entry?.view.paused) return;
    entry.view = { ...entry.view, paused: null };
    entry.worker.postMessage({ type: 'step' } satisfies HostMessage);
    void this.refresh();
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

  /** Judges the experiment from both databases and the page's history; keeps the snapshot judged. */
  async evaluate(): Promise<Evaluation | null> {
    if (!this.lab) return null;
    const snapshot = await this.lab.snapshot();
    this.state = { ...this.state, snapshot, evaluation: evaluate(snapshot, this.state.history) };
    this.emit();
    return this.state.evaluation;
  }

  dispose(): void {
    for (const { worker } of this.workers.values()) worker.terminate();
    this.workers.clear();
    this.task?.close();
    this.publisher?.close();
    this.task = this.publisher = null;
    this.lab = null;
  }

  private live(id: number): Entry | undefined {
    const entry = this.workers.get(id);
    return entry && LIVE.includes(entry.view.state) ? entry : undefined;
  }

  private nemesis(entry: Entry, action: 'kill' | 'pause' | 'resume'): void {
    const { id, owner, run, generation } = entry.view;
    this.record({
      ...{ type: 'nemesis', t: Date.now(), pid: id, worker: owner, action },
      ...(run ? { run, generation: generation ?? undefined } : {}),
    });
  }

  private record(entry: HistoryEntry): void {
    this.state = { ...this.state, history: [...this.state.history, entry] };
  }

  private async serve(id: number, call: Extract<LabWorkerMessage, { type: 'call' }>) {
    const lab = this.lab;
    if (!lab) return;
    const { claimNext, beginStep, publish, checkpoint, finish } = lab;
    const reply = await answerRpc(call, { claimNext, beginStep, publish, checkpoint, finish });
    // A worker killed while its call ran learns nothing (its reply is lost with it).
    const entry = this.live(id);
    if (!entry || this.lab !== lab) return;
    entry.worker.postMessage(reply satisfies HostMessage);
    await this.refresh();
  }

  private handle(id: number, message: LabWorkerMessage): void {
    const entry = this.live(id);
    // A dead worker sends nothing: ignore whatever was still in flight when it was killed.
    if (!entry || !this.lab) return;
    switch (message.type) {
      case 'call':
        if (entry.view.held) entry.waiting.push(message);
        else void this.serve(id, message);
        return;
      case 'history':
        this.record({ ...message.entry, pid: id });
        this.emit();
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
    this.record({ type: 'process', t: Date.now(), pid, worker, event: 'exit', code });
  }

  private update(id: number, patch: Partial<LabWorkerView>, line: Explained): void {
    const entry = this.workers.get(id);
    if (!entry) return;
    entry.view = { ...entry.view, ...patch, log: [...entry.view.log, line] };
    void this.refresh();
  }

  private async refresh(): Promise<void> {
    const { lab, task, publisher } = this;
    const views = () => [...this.workers.values()].map((w) => w.view);
    if (lab && task && publisher) {
      const snapshot = await lab.snapshot();
      if (this.lab !== lab) return;
      const tables = dumpLabTables(task, publisher);
      this.state = { ...this.state, workers: views(), snapshot, tables };
    } else {
      this.state = { ...this.state, workers: views() };
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
