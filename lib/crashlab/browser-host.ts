import { evaluate, type Evaluation } from './evaluate';
import type { HistoryEntry } from './history';
import { LabDatabases } from './lab-databases';
import { LabWorkers, type LabWorkerOptions } from './lab-workers';
import type { WorkerStall } from './protocol';
import type { TableDump } from './table-dump';
import type { FaultPoint, LabSnapshot } from './types';
import type { LabWorkerView } from './worker-view';

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

export interface HostOptions extends LabWorkerOptions {
  leaseSeconds: number;
}

/** Before the databases open (and on the server, for React's first render). */
export const EMPTY_STATE: HostState = {
  ...{ ready: false, error: null, runs: 1, workers: [], snapshot: null },
  ...{ tables: { task: [], publisher: [] }, history: [], evaluation: null },
};

/**
 * The browser crash lab: the page owns the task and publisher databases (sql.js, lab-databases.ts)
 * and serves the calls of Web Workers that run the one worker loop, several at once, each a real
 * worker that can die at a fault point, be terminated, or be paused from the page
 * (lab-workers.ts). It is the CLI's lab (lib/crashlab/lab.ts) with a queue of one or more runs.
 * React reads it through subscribe/getState.
 */
export class CrashLabHost {
  private readonly databases = new LabDatabases();
  private readonly workers: LabWorkers;
  private listeners = new Set<() => void>();
  private state: HostState = EMPTY_STATE;

  constructor(private readonly options: HostOptions) {
    this.workers = new LabWorkers(options, {
      lab: () => this.databases.lab,
      record: (entry) => {
        this.state = { ...this.state, history: [...this.state.history, entry] };
      },
      refresh: () => this.refresh(),
      emit: () => this.emit(),
    });
  }

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
    return this.databases.now();
  }

  /** Starts a fresh experiment: new databases, `runs` queued runs, no workers. */
  async reset(leaseSeconds = this.options.leaseSeconds, runs = this.state.runs): Promise<void> {
    this.workers.stopAll();
    this.options.leaseSeconds = leaseSeconds;
    try {
      // False: a newer reset overtook this one, and it installs its own databases.
      if (!(await this.databases.open(leaseSeconds, runs))) return;
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
    return this.workers.start(fault, stall, gated);
  }

  /** Lets a paused step-by-step worker finish the step it is in and go on to the next pause. */
  step(id: number): void {
    this.workers.step(id);
  }

  /** Terminates a worker at once, wherever it is: mid-step, nothing after this point runs. */
  kill(id: number): void {
    this.workers.kill(id);
  }

  /** Pauses a worker from the page: its next call waits, while its lease runs on. */
  pause(id: number): void {
    this.workers.pause(id);
  }

  /** Resumes a paused worker: the call it was making goes through now, perhaps stale. */
  resume(id: number): void {
    this.workers.resume(id);
  }

  /** Judges the experiment from both databases and the page's history; keeps the snapshot judged. */
  async evaluate(): Promise<Evaluation | null> {
    const lab = this.databases.lab;
    if (!lab) return null;
    const snapshot = await lab.snapshot();
    this.state = { ...this.state, snapshot, evaluation: evaluate(snapshot, this.state.history) };
    this.emit();
    return this.state.evaluation;
  }

  dispose(): void {
    this.workers.stopAll();
    this.databases.close();
  }

  private async refresh(): Promise<void> {
    const lab = this.databases.lab;
    if (lab) {
      const read = await this.databases.read(lab);
      if (!read) return;
      this.state = { ...this.state, workers: this.workers.views(), ...read };
    } else {
      this.state = { ...this.state, workers: this.workers.views() };
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
