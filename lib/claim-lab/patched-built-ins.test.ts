import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClaimLabWorker } from './claim-lab.client';
import {
  endLabThreads,
  labThread,
  labThreadScript,
  removeLabThreadScript,
} from './lab-thread.test-helper';

/*
 * Issue 41: nothing from the learner's program is trusted. The program runs in the lab's worker
 * beside the harness, and may replace any built-in the harness touches. Whatever it replaces,
 * what reaches the page must be bounded, any failure must be one short line, and the next run
 * must work. The harness runs here as in the browser (its module in a thread of its own, the
 * page's side unchanged); each case is a program that patches one built-in, then does ordinary
 * lab work.
 */

/** Every built-in method the harness (runner, snapshots, cuts, protocol) touches. */
const TOUCHED: Record<string, readonly string[]> = {
  'String.prototype': [
    'slice',
    'charCodeAt',
    'split',
    'trim',
    'replace',
    'replaceAll',
    'startsWith',
    'endsWith',
    'toString',
    'matchAll',
    'concat',
    'padStart',
    'indexOf',
    'substring',
    'toLocaleString',
  ],
  'Array.prototype': [
    'push',
    'map',
    'join',
    'slice',
    'filter',
    'reduce',
    'forEach',
    'entries',
    'at',
    'includes',
    'find',
    'some',
    'sort',
    'concat',
    'indexOf',
    'keys',
    'values',
  ],
  Object: [
    'keys',
    'entries',
    'freeze',
    'getPrototypeOf',
    'defineProperty',
    'hasOwn',
    'assign',
    'getOwnPropertyNames',
    'getOwnPropertyDescriptor',
    'values',
    'fromEntries',
    'create',
  ],
  'Object.prototype': ['toString', 'valueOf', 'hasOwnProperty', 'toJSON'],
  JSON: ['stringify', 'parse'],
  'Promise.prototype': ['then', 'catch', 'finally'],
  Promise: ['resolve', 'all'],
  'Number.prototype': ['toLocaleString', 'toString', 'toFixed'],
  Math: ['max', 'min', 'floor', 'round'],
  'RegExp.prototype': ['exec', 'test'],
  Array: ['isArray', 'from'],
  'Map.prototype': ['get', 'set', 'has'],
  'Set.prototype': ['has', 'add'],
  'Function.prototype': ['call', 'apply', 'bind'],
  'Uint8Array.prototype': ['subarray', 'slice', 'set'],
  'TextEncoder.prototype': ['encode'],
  'TextDecoder.prototype': ['decode'],
  performance: ['now'],
};

/** What the replacement does: return something huge, throw a huge message, or never return. */
const BEHAVIOURS = {
  huge: `function () { return 'H'.repeat(8 * 1024 * 1024); }`,
  'huge push': `function (...values) { for (let i = 0; i < 2000; i += 1) Reflect.apply(push, this, ['P'.repeat(1000)]); return Reflect.apply(push, this, values); }`,
  throws: `function () { throw new Error('T'.repeat(20 * 1024 * 1024)); }`,
  'never returns': `function () { for (;;) {} }`,
} as const;

/** Ordinary lab work after the patch: prints, a table, writes and reads. */
const WORK = `
print('working', { step: 1 });
db.run('CREATE TABLE jobs(id TEXT PRIMARY KEY, owner TEXT, token INTEGER)');
db.run("INSERT INTO jobs VALUES ('r1', NULL, 0)");
db.run('UPDATE jobs SET owner = $owner, token = token + 1 WHERE id = $id', { owner: 'A', id: 'r1' });
print(db.all('SELECT * FROM jobs'));
print('x'.repeat(60000));
`;

function patchProgram(target: string, method: string, behaviour: keyof typeof BEHAVIOURS): string {
  return `// the patch
const push = Array.prototype.push;
const target = ${target};
Object.defineProperty(target, ${JSON.stringify(method)}, { value: ${BEHAVIOURS[behaviour]}, writable: true, configurable: true });
${WORK}`;
}

/** The three programs of issue 41 that froze the page for 15 to 57 seconds. */
const FREEZES = [
  `String.prototype.slice = function () { return String(this); }; print('x'.repeat(50 * 1024 * 1024));`,
  `Object.prototype.then = function (res) { delete Object.prototype.then; res({ type: 'ran', ms: 1, run: { output: ['F'.repeat(50 * 1024 * 1024)], steps: [], statements: [], error: null, stepsRan: 0 } }); };`,
  `const push = Array.prototype.push; Array.prototype.push = function (...a) { for (let i = 0; i < 1e5; i++) push.call(this, 'P'.repeat(1000)); return this.length; }; print('a'); db.run('SELECT 1');`,
];

/** The most a run's answer may hold on the page, in JSON characters: the door's bounds. */
const PAGE_CHARS = 3_000_000;
/** One line to the learner: the longest message the door lets through, "(Shown …)" included. */
const LINE_CHARS = 2_200;

let script = '';
beforeAll(async () => {
  script = await labThreadScript();
});
afterEach(() => endLabThreads());
afterAll(async () => {
  await endLabThreads();
  await removeLabThreadScript();
});

type Lab = ReturnType<typeof createClaimLabWorker>;

async function runOn(lab: Lab, program: string) {
  const answer = await lab.run(program);
  return { answer, chars: JSON.stringify(answer).length };
}

/** What the learner reads of an answer, for LOG_CASES=1. */
function whatLearnerReads(answer: Awaited<ReturnType<Lab['run']>>): string {
  if (answer.kind === 'crashed' || answer.kind === 'failed')
    return `${answer.kind}: ${answer.message}`;
  if (answer.kind !== 'ok' || answer.value.type !== 'ran') return answer.kind;
  const { run } = answer.value;
  return `ran: ${run.output.length} lines, ${run.error ? `${run.error.kind}: ${run.error.message.slice(0, 150)}` : 'no error'}`;
}

/** The case's three checks: bounded, one clear line, and the next run works. */
async function expectContained(program: string, label: string) {
  // Limits on waiting, not a pace: a case that never returns ends at the silence limit, and on a
  // loaded machine the next run's fresh worker may stay silent a while before it answers.
  const lab = createClaimLabWorker({ silentMs: 3_000, timeoutMs: 20_000 }, () => labThread(script));
  try {
    const { answer, chars } = await runOn(lab, program);
    if (process.env.LOG_CASES) console.log(label, chars, whatLearnerReads(answer));
    expect(chars, `${label}: characters that reached the page`).toBeLessThan(PAGE_CHARS);
    if (answer.kind === 'crashed' || answer.kind === 'failed') {
      expect(answer.message.length, `${label}: ${answer.message.slice(0, 200)}`).toBeLessThan(
        LINE_CHARS,
      );
      expect(answer.message, label).not.toContain('\n');
    } else if (answer.kind === 'ok' && answer.value.type === 'ran') {
      const { error } = answer.value.run;
      if (error) expect(error.message.length, label).toBeLessThan(LINE_CHARS);
    } else {
      expect(answer.kind, label).toBe('timeout');
    }
    const next = await lab.run(`print('next run');`);
    expect(next.kind, `${label}: the next run`).toBe('ok');
    if (next.kind === 'ok' && next.value.type === 'ran')
      expect(next.value.run.output, `${label}: the next run`).toEqual(['next run']);
  } finally {
    lab.dispose();
  }
}

describe('a program that patches the built-ins the harness uses (issue 41)', () => {
  it.each(FREEZES.map((program, i) => [i + 1, program]))(
    'freeze program %i ends bounded, in one line, and the next run works',
    async (_n, program) => {
      await expectContained(program, `freeze ${_n}`);
    },
  );

  // Each case starts fresh worker threads (SQLite loaded in each): about 2 s of CPU a case, so
  // 16 cases by default; FC_RUNS=200 for a longer search. A limit on waiting, not a pace.
  it('any touched built-in, replaced by one that returns huge values, throws or never returns (property)', async () => {
    const patches = Object.entries(TOUCHED).flatMap(([target, methods]) =>
      methods.map((method) => ({ target, method })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...patches),
        fc.constantFrom(...(Object.keys(BEHAVIOURS) as (keyof typeof BEHAVIOURS)[])),
        async ({ target, method }, behaviour) => {
          await expectContained(
            patchProgram(target, method, behaviour),
            `${target}.${method} ${behaviour}`,
          );
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 16), seed: Number(process.env.FC_SEED ?? 41) },
    );
  }, 600_000);
});

// The engine's memory cap, not a time limit, must end these runs: the limits below are far past
// the time the allocations take even on a loaded machine.
const MEMORY_HOGS = [
  ['the issue’s program', `const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));`],
  [
    'pushes, with a database call each round (A)',
    `const a = []; for (;;) { const b = []; for (let i = 0; i < 1e6; i++) b.push(i + 0.5); a.push(b); db.get('SELECT 1'); }`,
  ],
  [
    'the native Array through [].constructor (B)',
    `const A = [].constructor; const a = []; for (;;) a.push(new A(1e6).fill(Math.random()));`,
  ],
  ['strings', `const a = []; for (;;) a.push('x'.repeat(1e6) + a.length);`],
  ['objects', `const a = []; for (;;) a.push({ n: a.length, s: 'x' + a.length });`],
] as const;

describe('running out of memory (issue 42, point 1)', () => {
  it.each(MEMORY_HOGS)(
    '%s ends in the engine, in one line, and the next run works',
    async (_label, program) => {
      const lab = createClaimLabWorker({ silentMs: 60_000, timeoutMs: 120_000 }, () =>
        labThread(script),
      );
      try {
        const answer = await lab.run(program);
        expect(
          answer.kind === 'ok' && answer.value.type === 'ran' && answer.value.run.error,
        ).toEqual({
          kind: 'memory',
          message: expect.stringMatching(
            /^Your program used more than 64 MB, all the memory the lab gives one run, so it was stopped; the page and the lab are fine\./,
          ),
          line: expect.anything(),
          column: null,
        });
        const next = await lab.run(`print('next run');`);
        expect(next.kind === 'ok' && next.value.type === 'ran' && next.value.run.output).toEqual([
          'next run',
        ]);
      } finally {
        lab.dispose();
      }
    },
    120_000,
  );

  // Each failed allocation is slow (the WASM's memory refuses to grow), so the engine may look at
  // the clock only seconds apart: its own limit or the page's, a little later, ends the run.
  it('a program that catches “out of memory” and goes on is stopped for time', async () => {
    const lab = createClaimLabWorker({ silentMs: 3_000, timeoutMs: 120_000 }, () =>
      labThread(script),
    );
    try {
      const answer = await lab.run(
        `const a = []; for (;;) { try { a.push('x'.repeat(1e7)); } catch {} }`,
      );
      const stopped =
        answer.kind === 'timeout' ||
        (answer.kind === 'ok' &&
          answer.value.type === 'ran' &&
          answer.value.run.error?.kind === 'time');
      expect(stopped, JSON.stringify(answer).slice(0, 300)).toBe(true);
    } finally {
      lab.dispose();
    }
  }, 120_000);
});
