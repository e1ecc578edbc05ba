import {
  claimedFinal,
  fenceShrank,
  finishedTwice,
  isStaleWrite,
  PROPERTY_OF,
  sharesToken,
  type ViolationKind,
} from '@/lib/lease';
import { G_GEN, GLOBALS, W_GEN, W_TOKEN } from './layout';
import type { ProtectedTarget, Violation } from './types';

/**
 * The four safety properties, checked against the schedule machine's search state after a
 * step. lib/lease/properties.ts decides each property; this module only reads the numbers it
 * needs from the state and writes the violation's message for the trace. Each check returns the
 * violation it found, or null.
 */
export class PropertyChecks {
  constructor(
    private readonly state: Float64Array,
    private readonly perHolder: number,
    /** Each holder's name in traces. */
    private readonly labels: readonly string[],
  ) {}

  /** Property 1: a write of `worker` landed; was its generation still the newest? */
  staleWrite(
    worker: number,
    target: ProtectedTarget,
    what: string,
    atStep: number,
  ): Violation | null {
    const s = this.state;
    const base = GLOBALS + worker * this.perHolder;
    if (!isStaleWrite(s[base + W_GEN], s[G_GEN])) return null;
    return violation(
      'stale-write',
      atStep,
      `${this.labels[worker]}'s ${what} landed at the ${target} with token ${s[base + W_TOKEN]}, after a newer generation (${s[G_GEN]}) had begun.`,
      target,
    );
  }

  /** Property 2: after a change, the run row's fence may never go down. */
  fenceShrank(before: number, after: number, atStep: number): Violation | null {
    if (!fenceShrank(before, after)) return null;
    return violation('fence-shrank', atStep, `The fence went down from ${before} to ${after}.`);
  }

  /** Property 2: the claim `worker` just won holds a token another claimed holder holds. */
  sharedToken(worker: number, token: number, atStep: number): Violation | null {
    const s = this.state;
    // Every other holder that has claimed, with the token it holds.
    const others: { holder: number; token: number }[] = [];
    for (let holder = 0; holder < this.labels.length; holder++) {
      const base = GLOBALS + holder * this.perHolder;
      if (holder !== worker && s[base + W_GEN] > 0)
        others.push({ holder, token: s[base + W_TOKEN] });
    }
    if (
      !sharesToken(
        token,
        others.map((o) => o.token),
      )
    )
      return null;
    const other = others.find((o) => o.token === token)?.holder ?? -1;
    return violation(
      'shared-token',
      atStep,
      `Two claims hold the same token ${token}: ${this.labels[other]} and ${this.labels[worker]}.`,
      'run row',
    );
  }

  /** Property 3: a claim (by `owner`, with `token`) landed on a run that was in a final state. */
  finalClaimed(
    finalBefore: boolean,
    owner: string,
    token: number,
    atStep: number,
  ): Violation | null {
    if (!claimedFinal(finalBefore)) return null;
    return violation(
      'final-claimed',
      atStep,
      `A run in a final state was claimed again (by ${owner}, token ${token}).`,
      'run row',
    );
  }

  /** Property 4: after `finishes` finishes took effect, the run was finished at most once. */
  secondFinish(finishes: number, atStep: number): Violation | null {
    if (!finishedTwice(finishes)) return null;
    return violation(
      'second-finish',
      atStep,
      `A second finish succeeded: the run was completed ${finishes} times.`,
      'run row',
    );
  }
}

function violation(
  kind: ViolationKind,
  atStep: number,
  message: string,
  target?: ProtectedTarget,
): Violation {
  return { property: PROPERTY_OF[kind], kind, atStep, target, message };
}
