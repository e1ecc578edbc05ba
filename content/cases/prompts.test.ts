import { describe, expect, it } from 'vitest';
import { isWriteEvent } from '@/lib/timeline';
import { CASE_FILES, type CaseEvent, type CaseRun } from '.';

/** Each event of a run with the time it happens at (advances move the clock). */
function timed(run: CaseRun): { event: CaseEvent; at: number }[] {
  let now = 0;
  return run.events.map((event) => {
    if (event.kind === 'advance') now += event.seconds;
    return { event, at: now };
  });
}

/** The question the learner reads before a run. */
const promptOf = (predict: string, run: CaseRun) => run.predict ?? predict;

describe('the question before each run says nothing untrue about that run', () => {
  for (const c of CASE_FILES)
    for (const run of c.runs) {
      const prompt = promptOf(c.predict, run);
      const events = timed(run);

      it(`${c.id} / ${run.id}: every moment it names ("t=90", "at 301 s") is a moment of the run`, () => {
        const times = new Set(events.map((e) => e.at));
        const named = [...prompt.matchAll(/\bt=(\d+)\b|\bat (\d+) s\b/g)].map((m) =>
          Number(m[1] ?? m[2]),
        );
        for (const t of named) expect(times.has(t), `${t} in “${prompt}”`).toBe(true);
      });

      it(`${c.id} / ${run.id}: every holder it names (“instance 2”, “worker 2”) acts in the run`, () => {
        const holders = run.scenario.terms?.holders ?? {};
        for (const { id } of run.scenario.workers) {
          // A holder is named by the last two words of its name in the system's terms.
          const name = (holders[id] ?? '').split(/\s+/).slice(-2).join(' ');
          if (!name || !prompt.toLowerCase().includes(name.toLowerCase())) continue;
          expect(
            run.events.some((e) => 'worker' in e && e.worker === id),
            `“${name}” in “${prompt}”`,
          ).toBe(true);
        }
        // And a holder of the case that this run leaves out is not named either.
        const inRun = new Set(run.scenario.workers.map((w) => w.id));
        for (const other of c.runs)
          for (const [id, holder] of Object.entries(other.scenario.terms?.holders ?? {})) {
            const name = (holder ?? '').split(/\s+/).slice(-2).join(' ');
            if (!inRun.has(id))
              expect(prompt.toLowerCase(), `${name} is not in this run`).not.toContain(
                name.toLowerCase(),
              );
          }
      });

      it(`${c.id} / ${run.id}: a transaction it says began earlier is in the run, and only then`, () => {
        const began = [...prompt.matchAll(/transaction that began at t=(\d+)/g)].map((m) =>
          Number(m[1]),
        );
        const open = events.filter((e) => e.event.kind === 'long-transaction').map((e) => e.at);
        expect(began).toEqual(open);
      });
    }
});

describe('case 12 asks only about writes its runs have', () => {
  const hangfire = CASE_FILES.find((c) => c.id === 'hangfire-fetched-at')!;
  // What the question names for worker 1, as the timeline's kinds of write.
  const named = { 'keep-alive': 'renew', work: 'gateway-write', removal: 'finish' } as const;

  for (const run of hangfire.runs)
    it(`${run.id}: worker 1’s late keep-alive, work and removal are all in it`, () => {
      const prompt = promptOf(hangfire.predict, run);
      const afterWake = run.events.slice(run.events.findIndex((e) => e.id === 'w1-wakes'));
      for (const [word, kind] of Object.entries(named)) {
        expect(prompt).toContain(`its ${word}`);
        expect(
          afterWake.some(
            (e) => isWriteEvent(e) && e.kind === kind && 'worker' in e && e.worker === 'A',
          ),
          word,
        ).toBe(true);
      }
      // Asked about as "worker 2's" keep-alive or removal (or "which of worker 2's", the same
      // three), worker 2 must send them in this run.
      if (/worker 2’s (keep-alive|removal)|which of worker 2’s\?/.test(prompt))
        for (const kind of ['renew', 'finish'])
          expect(
            run.events.some((e) => e.kind === kind && 'worker' in e && e.worker === 'B'),
            `worker 2's ${kind}`,
          ).toBe(true);
    });

  it('no keep-alive lands before a later statement of the same worker (FetchedAt would move)', () => {
    for (const run of hangfire.runs)
      for (const [i, e] of run.events.entries()) {
        if (e.kind !== 'renew' || e.outcome !== 'applied' || !('worker' in e)) continue;
        const later = run.events.slice(i + 1).filter((x) => 'worker' in x && x.worker === e.worker);
        const compares = later.filter((x) => x.kind === 'renew' || x.kind === 'finish');
        // Only where the design compares nothing (before 1.7.0) may a landed keep-alive precede one.
        if (compares.length)
          expect(run.scenario.conditions?.finish, `${run.id} ${e.id}`).toEqual([]);
      }
  });
});
