import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RUN_ALL = join(__dirname, 'run-all.mjs');

/** Runs run-all.mjs in a fresh folder whose package.json holds these npm scripts. */
function runAll(scripts: Record<string, string>, names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'run-all-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'run-all-check', scripts }));
  const result = spawnSync(process.execPath, [RUN_ALL, ...names], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

// `npm test` runs the static checks through run-all: a check that fails must fail the command.
describe('run-all', () => {
  it('prints each script’s output whole, waits for all, and fails naming the one that failed', () => {
    const { status, out, err } = runAll(
      {
        slow: "node -e \"console.log('slow says 1'); setTimeout(() => console.log('slow says 2'), 300)\"",
        quick: 'node -e "console.log(\'quick says 1\')"',
        bad: 'node -e "console.error(\'bad went wrong\'); process.exit(3)"',
      },
      ['slow', 'quick', 'bad'],
    );
    expect(status).toBe(1);
    // The quick and the bad end first, but the slow one's two lines are not split by them.
    expect(out).toMatch(/slow says 1\r?\nslow says 2/);
    expect(out).toContain('quick says 1');
    expect(out).toContain('bad went wrong');
    expect(out).toMatch(/run-all: slow passed in/);
    expect(out).toMatch(/run-all: quick passed in/);
    expect(out).toMatch(/run-all: bad failed \(exit 3\)/);
    expect(err).toContain('run-all: failed: bad');
  });

  it('passes when every script passes', () => {
    const { status, out } = runAll({ fine: 'node -e "1"' }, ['fine']);
    expect(status).toBe(0);
    expect(out).toMatch(/run-all: fine passed in/);
  });

  it('runs a comma group in order beside the others, and stops the group at its first failure', () => {
    const { status, out, err } = runAll(
      {
        first: 'node -e "setTimeout(() => console.log(\'first done\'), 300)"',
        second: 'node -e "console.log(\'second ran\')"',
        beside: 'node -e "console.log(\'beside ran\')"',
        bad: 'node -e "process.exit(4)"',
        never: 'node -e "console.log(\'never ran\')"',
      },
      ['first,second', 'beside', 'bad,never'],
    );
    expect(status).toBe(1);
    // The second starts only after the first has ended, though the first takes longer than beside.
    expect(out).toMatch(/first done[\s\S]*run-all: first passed[\s\S]*second ran/);
    expect(out).toContain('beside ran');
    expect(out).toMatch(/run-all: bad failed \(exit 4\)/);
    expect(out).not.toContain('never ran');
    expect(err).toContain('run-all: failed: bad');
  });

  it('refuses to run nothing', () => {
    const { status, err } = runAll({}, []);
    expect(status).toBe(2);
    expect(err).toContain('name the npm scripts to run');
  });
});
