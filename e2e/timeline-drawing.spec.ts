import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { counted } from '@/lib/lease';
import { expect, test } from './fixtures';

/** What the page shows after a step: the announced step, the run row, and every drawn lease bar. */
interface Drawn {
  status: string;
  fence: string | undefined;
  until: string | undefined;
  runStatus: string | undefined;
  bars: { fence: string | null; until: string | null; current: boolean; label: string }[];
}

/**
 * Reads the step status, the run row and the drawing in one call: a step used to cost eight
 * round trips to the page (about 70 s of the suite for 200-odd steps).
 */
function readDrawn(): Drawn {
  const text = (el: Element | null | undefined) =>
    (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const statuses = [...document.querySelectorAll('[role="status"], output')].map(text);
  const row = document.querySelector('section[aria-label="Run row"]');
  const names = row ? [...row.querySelectorAll('dt')].map(text) : [];
  const cells = row ? [...row.querySelectorAll('dd')].map(text) : [];
  const cell = (name: string) => cells[names.indexOf(name)];
  const drawing = document.querySelector('[role="region"][aria-label="Timeline drawing"]');
  return {
    status: statuses.find((s) => s.startsWith('Step ')) ?? '',
    // The token's line follows the owner's, in a design that has one.
    fence: names[1] !== 'lease_until' ? cells[1] : undefined,
    until: cell('lease_until'),
    runStatus: cell('status'),
    bars: [...(drawing?.querySelectorAll('[data-testid="lease-bar"]') ?? [])].map((bar) => ({
      fence: bar.getAttribute('data-fence'),
      until: bar.getAttribute('data-until'),
      current: bar.getAttribute('data-current') === 'true',
      label: text(bar.querySelector('text')),
    })),
  };
}

/**
 * 'agrees' when the drawing says what the run row says at that step, else what differs. While
 * the run is running the current bar ends at the row's lease_until; once it has left running
 * (done, re-queued, canceled) the bar keeps the lease it had then (`held`, by fence), whatever
 * the row says later.
 */
function verdict(
  drawn: Drawn,
  step: number,
  count: number,
  held: ReadonlyMap<string, string | undefined>,
): string {
  if (!drawn.status.includes(`Step ${step} of ${count}`))
    return `waiting for step ${step}: "${drawn.status}"`;
  const { fence } = drawn;
  const until =
    drawn.runStatus !== 'running' && fence !== undefined && held.has(fence)
      ? held.get(fence)
      : drawn.until;
  const current = drawn.bars.filter((bar) => bar.current);
  // No lease yet, or a fenced cancel moved the run to a generation no holder claimed: no lease
  // is current.
  if (fence === '0' || !drawn.bars.some((bar) => bar.fence === fence)) {
    return current.length === 0
      ? 'agrees'
      : `fence ${fence} is no holder's, yet ${counted(current.length, 'bar')} ${current.length === 1 ? 'is' : 'are'} current`;
  }
  if (current.length !== 1) return `${current.length} current bars for fence ${fence}`;
  const [bar] = current;
  const label = `fence ${fence} · lease_until ${until}`;
  if (bar.fence !== fence || bar.until !== until || !bar.label.includes(label))
    return `current bar fence ${bar.fence}, until ${bar.until}, "${bar.label}"; the row: ${label}`;
  return 'agrees';
}

// The drawing must never say something the run row does not: at every step of every library
// scenario, the current lease bar's fence is the row's, and its lease_until the row's while the
// run is running, then the last one it had running (lib/timeline/lease-bars.ts). The scenarios
// were shared among three tests, each picking its scenarios in turn on one page; they are now the
// three steps of one test on one page, since every fresh context and first load of the page (its
// bundles and the SQLite WASM compiled again) cost more than all of a scenario's steps. Each step
// picks each of its scenarios from the picker, which starts that scenario from its first step.
const GROUPS = 3;
test(`drawn lease labels equal the run row at each step: every library scenario, in ${GROUPS} groups`, async ({
  page,
}) => {
  // Each group keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(GROUPS * 120_000);
  await page.goto('/practice/timeline');
  const picker = page.getByRole('combobox', { name: 'Scenario' });
  const forward = page.getByRole('button', { name: 'Step forward' });
  for (let group = 0; group < GROUPS; group += 1) {
    const scenarios = TIMELINE_SCENARIOS.filter((_, i) => i % GROUPS === group);
    await test.step(`drawn lease labels equal the run row at each step: scenarios ${scenarios.map((s) => s.number).join(', ')}`, async () => {
      for (const scenario of scenarios) {
        await picker.selectOption(`lib:${scenario.id}`);
        const count = scenario.events.length;
        await expect(
          page.getByRole('status').filter({ hasText: `Ready: ${count} events` }),
        ).toBeVisible();
        // The lease each generation had at its last step running, by fence.
        const held = new Map<string, string | undefined>();
        for (let step = 1; step <= count; step += 1) {
          await forward.click();
          let drawn: Drawn | undefined;
          await expect
            .poll(
              async () => {
                drawn = await page.evaluate(readDrawn);
                return verdict(drawn, step, count, held);
              },
              { message: `${scenario.number} step ${step}` },
            )
            .toBe('agrees');
          if (drawn?.runStatus === 'running' && drawn.fence !== undefined)
            held.set(drawn.fence, drawn.until);
        }
      }
    });
  }
});
