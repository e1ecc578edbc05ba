import type { ScriptResult } from '@/lib/sqlite/console';
import type { LabRun } from './run-program';

export type LabRequest =
  { type: 'init' } | { type: 'run'; source: string } | { type: 'console'; sql: string };

/**
 * A run is working: how many database calls and prints it has made so far; `memory` once it has
 * allocated past its budget (bytes counted), and the page ends its worker.
 */
export interface LabRunProgress {
  calls: number;
  memory?: number;
}

export type LabResponse =
  | { type: 'ready' }
  | { type: 'ran'; run: LabRun; ms: number }
  /** result is null when there is no database yet (no run since the worker started). */
  | { type: 'console'; result: ScriptResult | null };
