import type { ScriptResult } from './console';

export type ConsoleRequest = { type: 'reset'; seed: string } | { type: 'run'; sql: string };

export type ConsoleResponse =
  { type: 'ran'; result: ScriptResult; ms: number } | { type: 'reset'; error: string | null };
