import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Explained, StateLines } from '@/lib/lease';
import type { NoteEffect, WriteEffect } from '@/lib/timeline';
import type { leaseBarLabel, runRowLine, settingsLine } from '@/lib/timeline';
import type { CheckerStep, Violation } from '@/lib/checker';
import type { LabViolation, LabWorkerView } from '@/lib/crashlab';

// Issue 22: every sentence the learner reads about a write or a step is the explainer's
// (lib/lease), typed Explained, which only lib/lease can make (lib/lease/one-home.test.ts checks
// who imports its marking function). These checks are types: `npm test` runs `tsc --noEmit` over
// this file, and each fails there if a field goes back to plain `string`, so a hand-written
// sentence in its place would compile again (each @ts-expect-error then has no error to expect).

describe('the words of the timeline, by type', () => {
  it('a write’s sentence, verdict line and rules; a step’s note', () => {
    expectTypeOf<WriteEffect['explanation']>().toEqualTypeOf<Explained>();
    expectTypeOf<WriteEffect['verdictLine']>().toEqualTypeOf<Explained>();
    expectTypeOf<WriteEffect['rules']>().toEqualTypeOf<readonly Explained[]>();
    expectTypeOf<NoteEffect['text']>().toEqualTypeOf<Explained>();
    // @ts-expect-error a hand-written note does not compile
    const text: NoteEffect['text'] = `A is paused: it reads nothing.`;
    expect(text).toMatch(/paused/);
  });

  it('the settings line, the state panel, the run-row line and the lease bars', () => {
    expectTypeOf<ReturnType<typeof settingsLine>>().toEqualTypeOf<Explained>();
    expectTypeOf<ReturnType<typeof runRowLine>>().toEqualTypeOf<Explained>();
    expectTypeOf<ReturnType<typeof leaseBarLabel>>().toEqualTypeOf<Explained>();
    expectTypeOf<StateLines['draft']>().toEqualTypeOf<Explained>();
    expectTypeOf<StateLines['workers']>().toEqualTypeOf<Explained[]>();
    expectTypeOf<StateLines['remote']>().toEqualTypeOf<Explained[]>();
    // @ts-expect-error a hand-written worker line does not compile
    const workers: StateLines['workers'] = ['A running, fence 1'];
    expect(workers).toHaveLength(1);
  });

  it('the checker’s violation lines and step phrases; the crash lab’s violations and worker log', () => {
    expectTypeOf<Violation['message']>().toEqualTypeOf<Explained>();
    expectTypeOf<CheckerStep['outcome']>().toEqualTypeOf<Explained>();
    expectTypeOf<LabViolation['message']>().toEqualTypeOf<Explained>();
    expectTypeOf<LabWorkerView['log']>().toEqualTypeOf<Explained[]>();
    // @ts-expect-error a hand-written violation line does not compile
    const message: LabViolation['message'] = `run-0001 has 2 receipts at the publisher`;
    expect(message).toMatch(/receipts/);
  });
});
