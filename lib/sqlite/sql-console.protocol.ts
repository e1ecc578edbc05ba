import type { ScriptResult } from './console';

export type ConsoleRequest =
  { type: 'reset'; seed: string } | { type: 'run'; sql: string } | { type: 'export' };

export type ConsoleResponse =
  | { type: 'ran'; result: ScriptResult; ms: number }
  | { type: 'reset'; error: string | null }
  | { type: 'exported'; bytes: Uint8Array };
