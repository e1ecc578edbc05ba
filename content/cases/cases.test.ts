import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeScenario,
  encodeScenario,
  isWriteEvent,
  loadTimelineEngine,
  parseScenario,
  type TimelineEngine,
} from '@/lib/timeline';
import { CASE_FILES, CASE_PATTERNS, caseScenario, casePatterns, type CaseEvent } from '.';

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

describe('the case files', () => {
  it('are twelve, numbered 1 to 12, with unique slugs, and every pattern has a case', () => {
    expect(CASE_FILES.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(CASE_FILES.map((c) => c.id)).size).toBe(12);
    const patterns = new Set(CASE_FILES.flatMap(casePatterns));
    for (const p of CASE_PATTERNS) expect(patterns.has(p), p).toBe(true);
  });

  for (const c of CASE_FILES) {
    describe(`case ${c.number}: ${c.title}`, () => {
      it('cites each source with a public https link and says how far it was checked', () => {
        expect(c.sources.length).toBeGreaterThan(0);
        for (const s of c.sources) {
          expect(s.url).toMatch(/^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
          expect(s.note.length).toBeGreaterThan(20);
        }
        // A source not checked here is said so on the page.
        if (c.sources.some((s) => s.check !== 'checked'))
          expect(c.unchecked?.length).toBeGreaterThan(0);
      });

      it('has an account a reader can follow: several sentences, the token named, what fixed it', () => {
        const account = [...c.account.beforeRun, ...c.account.afterRun];
        expect(account.join(' ').split('. ').length).toBeGreaterThan(4);
        // Both parts are there: the setting before the run, how it ended after.
        expect(c.account.beforeRun.length).toBeGreaterThan(0);
        expect(c.account.afterRun.length).toBeGreaterThan(0);
        expect(c.fixed.length).toBeGreaterThan(0);
        expect(c.tokenName.length).toBeGreaterThan(2);
      });

      for (const run of c.runs) {
        it(`${run.id}: every write's outcome in the data equals the engine's`, () => {
          const scenario = caseScenario(c, run);
          const writes = run.events.filter((e) => isWriteEvent(e)) as CaseEvent[];
          expect(writes.length).toBeGreaterThan(0);
          expect(
            writes.every((e) => e.outcome !== undefined),
            'every write states its outcome',
          ).toBe(true);
          const trace = engine.run(scenario);
          expect(trace.writes.map((w) => [w.eventId, w.database])).toEqual(
            writes.map((e) => [e.id, e.outcome]),
          );
          // What the caller learns (the learner's prediction) equals each write's expectation.
          expect(trace.writes.map((w) => w.outcome)).toEqual(
            scenario.events.filter(isWriteEvent).map((e) => e.expect),
          );
        });

        it(`${run.id}: survives a share link unchanged and validates`, () => {
          const scenario = caseScenario(c, run);
          expect(parseScenario(JSON.parse(JSON.stringify(scenario)))).toEqual({
            ok: true,
            scenario,
          });
          expect(decodeScenario(encodeScenario(scenario))).toEqual({ ok: true, scenario });
        });
      }
    });
  }
});

describe('the facts the cases rest on', () => {
  const trace = (caseId: string, runId: string) => {
    const c = CASE_FILES.find((x) => x.id === caseId)!;
    return engine.run(
      caseScenario(
        c,
        c.runs.find((r) => r.id === runId)!,
      ),
    );
  };

  it('case 1 hands out tokens 33 and 34, and storage keeps 34', () => {
    const t = trace('gc-pause-storage', 'storage-remembers');
    expect(t.writes.filter((w) => w.target === 'run').map((w) => w.token)).toEqual([33, 34]);
    expect(t.steps.at(-1)?.after.targets.gatewayHighest).toEqual({ storage: 34 });
  });

  it('case 5 speaks of producer epochs 5 and 6, and the old instance is refused at commit on the fence', () => {
    const t = trace('kafka-producer-epoch', 'new-instance');
    expect(t.writes.find((w) => w.eventId === 'p2-init')?.token).toBe(6);
    expect(t.writes.find((w) => w.eventId === 'p1-commit')?.failed).toEqual(['fence']);
  });

  it('case 6: the late completion is refused on the attempt, and both attempts’ emails go out', () => {
    const t = trace('temporal-range-id', 'late-completion');
    const late = t.writes.find((w) => w.eventId === 'attempt-1-completes')!;
    expect(late).toMatchObject({ outcome: 'refused', token: 1 });
    expect(late.failed).toContain('fence');
    expect(late.decision.target).toEqual({ id: 'gateway:completion', guard: 'run-row' });
    const emails = t.writes.filter((w) => w.decision.target.id === 'gateway:email');
    expect(emails.map((w) => [w.eventId, w.outcome, w.decision.checks.length])).toEqual([
      ['attempt-1-email', 'applied', 0],
      ['attempt-2-email', 'applied', 0],
    ]);
  });

  it('case 7: Lifeline re-queues the running job twice and passes over it once completed; all three attempts write', () => {
    const t = trace('oban-lifeline', 'every-run-lands');
    expect(t.steps.at(-1)?.after.targets.gatewayWrites.map((w) => w.token)).toEqual([1, 2, 3]);
    const rescues = t.writes.filter((w) => w.decision.kind === 'rescue');
    expect(rescues.map((w) => [w.eventId, w.outcome, w.failed])).toEqual([
      ['lifeline-rescues-1', 'applied', []],
      ['lifeline-rescues-2', 'applied', []],
      ['lifeline-rescues-3', 'refused', ['stuck']],
    ]);
    expect(t.writes.find((w) => w.eventId === 'n1-done')?.decision.violation).toMatchObject({
      culprit: 'A',
      victim: 'C',
    });
    // With the attempt checked, Lifeline still re-queues attempt 3 at 18 minutes: none completes.
    const checked = trace('oban-lifeline', 'attempt-checked');
    expect(checked.writes.find((w) => w.eventId === 'n1-done')?.failed).toEqual(['attempt']);
    expect(checked.writes.find((w) => w.eventId === 'n3-done')?.failed).toEqual(['status']);
    expect(checked.steps.at(-1)?.after.run.status).toBe('queued');
    // A window longer than the job: the pass at 6 minutes finds nothing stuck.
    const fixed = trace('oban-lifeline', 'window-longer-than-job');
    expect(fixed.writes.find((w) => w.eventId === 'lifeline-rescues-1')?.failed).toEqual(['stuck']);
    expect(fixed.steps.at(-1)?.after.run).toMatchObject({ status: 'done', owner: 'A' });
  });

  it('case 11: a lock taken in a transaction open since 0 ends at 60, so the second instance takes it at 90', () => {
    const t = trace('shedlock-transaction-clock', 'lock-in-open-transaction');
    expect(t.steps.find((s) => s.event.id === 'i1-locks')?.after.run.leaseUntil).toBe(60);
    const second = t.writes.find((w) => w.eventId === 'i2-locks')!;
    expect(second.decision.clock).toEqual({
      kind: 'transaction',
      holder: 'B',
      began: 90,
      statement: 90,
    });
    expect(t.writes.find((w) => w.eventId === 'i1-locks')?.decision.clock).toMatchObject({
      began: 0,
      statement: 90,
    });
    const own = trace('shedlock-transaction-clock', 'lock-in-own-transaction');
    expect(own.steps.find((s) => s.event.id === 'i1-locks')?.after.run.leaseUntil).toBe(150);
  });

  it('case 12: FetchedAt is the fingerprint: the superseded fetch’s keep-alive and removal are refused on it, by Id alone they land on worker 2’s row', () => {
    const t = trace('hangfire-fetched-at', 'fetched-at-compared');
    for (const id of ['w1-keeps-alive-late', 'w1-removes']) {
      const w = t.writes.find((x) => x.eventId === id)!;
      expect(w).toMatchObject({ outcome: 'refused', failed: ['fingerprint'] });
      expect(w.decision.before).toMatchObject({ owner: 'B', attemptedAt: 301 });
      expect(w.explanation).toContain("attempted_at is 301, A's claim left 0");
    }
    expect(t.writes.find((x) => x.eventId === 'w2-removes')?.explanation).toContain(
      'attempted_at was 301, as B',
    );
    expect(t.steps.at(-1)?.after.run.status).toBe('done');

    const old = trace('hangfire-fetched-at', 'id-alone');
    const late = old.steps.find((s) => s.event.id === 'w1-keeps-alive-late')!;
    expect(late.after.run).toMatchObject({ owner: 'B', leaseUntil: 601 });
    const removal = old.writes.find((x) => x.eventId === 'w1-removes')!;
    expect(removal.decision.violation).toMatchObject({
      kind: 'stale-write',
      culprit: 'A',
      victim: 'B',
    });
    expect(removal.explanation).toContain('checks nothing but the run id');
    // Both workers' work lands in both runs: the fingerprint guards the queue row only.
    for (const run of [t, old])
      expect(run.steps.at(-1)?.after.targets.gatewayWrites.map((w) => w.worker)).toEqual([
        'B',
        'A',
      ]);
  });

  it('case 11: with instance 1’s clock 180 s behind, its lock ends at 80 by its clock; instance 2’s clock reads 210', () => {
    const t = trace('shedlock-transaction-clock', 'each-node-own-clock');
    expect(t.steps.find((s) => s.event.id === 'i1-locks')?.after.run.leaseUntil).toBe(80);
    const second = t.writes.find((w) => w.eventId === 'i2-locks')!;
    expect(second.decision.clock).toEqual({ kind: 'worker', holder: 'B', offset: 0 });
    expect(second.explanation).toContain('the lease had ended at 80 (it is now 210 by B');
  });

  it('case 10: the random values are 284 then 29, so highest-seen refuses the rightful holder', () => {
    const t = trace('redlock-random-value', 'random-highest-seen');
    expect(t.writes.filter((w) => w.target === 'run').map((w) => w.token)).toEqual([284, 29]);
  });
});
