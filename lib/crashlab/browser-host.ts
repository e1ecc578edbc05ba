import { openSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import { evaluate, type Evaluation } from './evaluate';
import { createCrashLab, type CrashLab } from './lab';
import { LAB_OPS, type HostMessage, type WorkerMessage, type WorkerStall } from './protocol';
import { databaseClock } from './schema';
import { dumpLabTables, type TableDump } from './table-dump';
import type { FaultPoint, LabSnapshot, Step } from './types';
import { describeWorkerEvent, describeWorkerOutcome } from './worker-log';

export type WorkerState =
  'starting' | 'waiting' | 'working' | 'died' | 'killed' | 'succeeded' | 'fenced-out' | 'idle';

export interface LabWorkerView {
  id: number;
  owner: string;
  fault: FaultPoint | null;
  stall: WorkerStall | null;
  state: WorkerState;
  generation: number | null;
  /** The step the worker is inside, between starting it and saving its checkpoint. */
  step: Step | null;
  /** Started step by step: it pauses inside every step until `step(id)` lets it go on. */
  gated: boolean;
  /** The step a gated worker is paused in, waiting for Step; null while it runs. */
  paused: Step | null;
  log: string[];
}

export interface HostState {
  ready: boolean;
  error: string | null;
  workers: LabWorkerView[];
  snapshot: LabSnapshot | null;
  tables: { task: TableDump[]; publisher: TableDump[] };
  evaluation: Evaluation | null;
}

export interface HostOptions {
  leaseSeconds: number;
  stepMs: number;
  createWorker: () => Worker;
}

/**
 * The browser crash lab: the page owns the task and publisher databases (sql.js) and serves the
 * operations of Web Workers, each a real worker that can die at a fault point or be terminated.
 * Plain TypeScript; React reads it through subscribe/getState.
 */
export class CrashLabHost {
  private task: SqlJsDriver | null = null;
  private publisher: SqlJsDriver | null = null;
  private lab: CrashLab | null = null;
  private workers = new Map<number, { worker: Worker; view: LabWorkerView }>();
  private nextWorker = 1;
  private resetGeneration = 0;
  private listeners = new Set<() => void>();
  private state: HostState = {
    ready: false,
    error: null,
    workers: [],
    snapshot: null,
    tables: { task: [], publisher: [] },
    evaluation: null,
  };

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
    return this.lab ? this.lab.now() : Date.now() / 1000;
  }

  /** Starts a fresh experiment: new databases, one queued run, no workers. */
  async reset(leaseSeconds = this.options.leaseSeconds): Promise<void> {
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
      this.task = task;
      this.publisher = publisher;
      this.lab = createCrashLab({
        task: this.task,
        publisher: this.publisher,
        clock: databaseClock(this.task),
        leaseSeconds: this.options.leaseSeconds,
      });
      this.lab.submit({ operationId: `publish-${Math.random().toString(16).slice(2, 10)}` });
      this.state = { ...this.state, ready: true, error: null, workers: [], evaluation: null };
    } catch (error) {
      this.state = {
        ...this.state,
        ready: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    this.refresh();
  }

  /** Starts a new worker, which claims the run (waiting while another holds the lease). */
  startWorker(fault: FaultPoint | null, stall: WorkerStall | null = null, gated = false): number {
    const id = this.nextWorker++;
    const view: LabWorkerView = {
      id,
      owner: `worker-${id}`,
      fault,
      stall,
      state: 'starting',
      generation: null,
      step: null,
      gated,
      paused: null,
      log: [],
    };
    const worker = this.options.createWorker();
    this.workers.set(id, { worker, view });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.handle(id, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.update(id, { state: 'died' }, `crashed: ${event.message}`);
    };
    worker.postMessage({
      type: 'start',
      owner: view.owner,
      fault,
      stall,
      stepMs: this.options.stepMs,
      pollMs: 250,
      gated,
    } satisfies HostMessage);
    this.refresh();
    return id;
  }

  /** Lets a paused step-by-step worker finish the step it is in and go on to the next pause. */
  step(id: number): void {
    const entry = this.workers.get(id);
    if (!entry || !this.alive(entry.view) || !entry.view.paused) return;
    entry.view = { ...entry.view, paused: null };
    entry.worker.postMessage({ type: 'step' } satisfies HostMessage);
    this.refresh();
  }

  /** Terminates a worker at once, wherever it is: mid-step, nothing after this point runs. */
  kill(id: number): void {
    const entry = this.workers.get(id);
    if (!entry || !this.alive(entry.view)) return;
    entry.worker.terminate();
    this.update(
      id,
      { state: 'killed', paused: null },
      entry.view.step ? `killed during ${entry.view.step}` : 'killed',
    );
  }

  evaluate(): Evaluation | null {
    if (!this.lab) return null;
    const evaluation = evaluate(this.lab.snapshot());
    this.state = { ...this.state, evaluation };
    this.emit();
    return evaluation;
  }

  dispose(): void {
    for (const { worker } of this.workers.values()) worker.terminate();
    this.workers.clear();
    this.task?.close();
    this.publisher?.close();
    this.task = this.publisher = null;
    this.lab = null;
  }

  private alive(view: LabWorkerView): boolean {
    return view.state === 'starting' || view.state === 'waiting' || view.state === 'working';
  }

  private handle(id: number, message: WorkerMessage): void {
    const entry = this.workers.get(id);
    // A dead worker sends nothing: ignore whatever was still in flight when it was killed.
    if (!entry || !this.alive(entry.view) || !this.lab) return;
    switch (message.type) {
      case 'call': {
        if (!(LAB_OPS as readonly string[]).includes(message.op)) return;
        const fn = this.lab[message.op] as (...args: unknown[]) => unknown;
        const result = fn(...message.args);
        entry.worker.postMessage({ type: 'reply', id: message.id, result } satisfies HostMessage);
        this.refresh();
        return;
      }
      case 'event': {
        const e = message.event;
        const patch: Partial<LabWorkerView> = { state: 'working' };
        if (e.type === 'claimed') patch.generation = e.generation;
        if (e.type === 'started') patch.step = e.step;
        if (e.type === 'checkpointed') patch.step = null;
        const stalls = e.type === 'started' && entry.view.stall?.step === e.step;
        this.update(
          id,
          patch,
          describeWorkerEvent(e) +
            (stalls
              ? ` and stalls here for ${entry.view.stall!.ms / 1000} s; the lease keeps running`
              : ''),
        );
        return;
      }
      case 'waiting': {
        const run = this.lab.snapshot().run;
        const left = Math.max(0, run.leaseUntil - this.lab.now());
        this.update(
          id,
          { state: 'waiting' },
          `waiting for the lease: ${run.owner} holds it for another ${left.toFixed(1)} s`,
        );
        return;
      }
      case 'paused':
        this.update(
          id,
          { paused: message.step },
          `${message.step}: paused, press Step to finish it`,
        );
        return;
      case 'died':
        this.update(id, { state: 'died' }, `died at ${message.point}`);
        return;
      case 'done': {
        const state: WorkerState =
          message.outcome.kind === 'succeeded'
            ? 'succeeded'
            : message.outcome.kind === 'fenced-out'
              ? 'fenced-out'
              : 'idle';
        this.update(
          id,
          { state, step: null, paused: null },
          describeWorkerOutcome(message.outcome),
        );
        return;
      }
    }
  }

  private update(id: number, patch: Partial<LabWorkerView>, line: string): void {
    const entry = this.workers.get(id);
    if (!entry) return;
    entry.view = { ...entry.view, ...patch, log: [...entry.view.log, line] };
    this.refresh();
  }

  private refresh(): void {
    if (this.lab && this.task && this.publisher) {
      this.state = {
        ...this.state,
        workers: [...this.workers.values()].map((w) => w.view),
        snapshot: this.lab.snapshot(),
        tables: dumpLabTables(this.task, this.publisher),
      };
    } else {
      this.state = { ...this.state, workers: [...this.workers.values()].map((w) => w.view) };
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
