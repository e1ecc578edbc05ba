import { describe, expect, it } from 'vitest';
import { uniformBound } from '@/lib/checker';
import { decodeScenario, encodeScenario } from './share';
import { parseScenario } from './schema';
import { runScenario, type Scenario } from './index';

const ids = ['A', 'B', 'C', 'D', 'E'];
const five: Scenario = {
  version: 1,
  id: 'five',
  title: 'Five workers take over in turn',
  leaseSeconds: 5,
  workers: ids.map((id) => ({ id })),
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    ...ids.flatMap((id, i) => [
      { id: `t${i}`, kind: 'advance' as const, seconds: 6 },
      { id: `claim-${id}`, kind: 'claim' as const, worker: id },
    ]),
    { id: 'finish-E', kind: 'finish', worker: 'E' },
    { id: 'finish-D', kind: 'finish', worker: 'D' },
  ],
};

describe('up to five workers', () => {
  it('a scenario of five workers is valid, survives the share link and runs', async () => {
    expect(decodeScenario(encodeScenario(five))).toEqual({ ok: true, scenario: five });
    const t = await runScenario(five);
    expect(t.writes.map((w) => `${w.eventId} ${w.outcome}`)).toEqual([
      ...ids.map((id) => `claim-${id} applied`),
      'finish-E applied',
      'finish-D refused',
    ]);
  });

  it('a sixth worker is refused with the limit', () => {
    const six = { ...five, workers: [...five.workers, { id: 'F' }] };
    expect(parseScenario(six)).toEqual({
      ok: false,
      message: 'This is not a valid scenario at workers: at most 5 workers.',
    });
  });

  it("the checker's bounds take five holders", () => {
    expect(uniformBound(5, 4).workers.map((w) => w.owner)).toEqual(ids);
  });
});
