import type { ScriptResult } from '@/lib/sqlite/console';
import type { LabRun } from './run-program';

export type LabRequest =
  | { type: 'init' }
  /** `limits`: when the program's engine stops it (quiet for silentMs, or timeoutMs in all). */
  | { type: 'run'; source: string; limits: { silentMs: number; timeoutMs: number } }
  | { type: 'console'; sql: string };

/** A run is working: how many database calls and prints it has made so far. */
export interface LabRunProgress {
  calls: number;
}

export type LabResponse =
  | { type: 'ready' }
  | { type: 'ran'; run: LabRun; ms: number }
  /** result is null when there is no database yet (no run since the worker started). */
  | { type: 'console'; result: ScriptResult | null };
