import {
  claimedFinal,
  explainSearchViolation,
  fenceShrank,
  finishedTwice,
  isStaleWrite,
  PROPERTY_OF,
  sharesToken,
  LESSON_VOCABULARY,
  type Explained,
  type Vocabulary,
  type ViolationKind,
} from '@/lib/lease';
import { G_CLAIMS, GLOBALS, W_CLAIM_NO, W_TOKEN } from './state-slots';
import type { ProtectedTarget, Violation } from './types';

/**
 * The four safety properties, checked against the schedule machine's search state after a
 * step. lib/lease/properties.ts decides each property; this module only reads the numbers it
 * needs from the state and hands what it found to the explainer (lib/lease) for the trace's
 * violation line. Each check returns the violation it found, or null.
 */
export class PropertyChecks {
  constructor(
    private readonly state: Float64Array,
    private readonly perHolder: number,
    /** Each holder's name in traces. */
    private readonly labels: readonly string[],
    /** The design's words (no fence in a design that compares none). */
    private readonly vocabulary: Vocabulary = LESSON_VOCABULARY,
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
    if (!isStaleWrite(s[base + W_CLAIM_NO], s[G_CLAIMS])) return null;
    return violation(
      'stale-write',
      atStep,
      explainSearchViolation(
        {
          kind: 'stale-write',
          writer: this.labels[worker],
          what,
          target,
          token: s[base + W_TOKEN],
          newer: s[G_CLAIMS],
        },
        this.vocabulary,
      ),
      target,
    );
  }

  /** Property 2: after a change, the run row's fence may never go down. */
  fenceShrank(before: number, after: number, atStep: number): Violation | null {
    if (!fenceShrank(before, after)) return null;
    return violation(
      'fence-shrank',
      atStep,
      explainSearchViolation({ kind: 'fence-shrank', before, after }, this.vocabulary),
    );
  }

  /** Property 2: the claim `worker` just won holds a token another claimed holder holds. */
  sharedToken(worker: number, token: number, atStep: number): Violation | null {
    const s = this.state;
    // Every other holder that has claimed, with the token it holds.
    const others: { holder: number; token: number }[] = [];
    for (let holder = 0; holder < this.labels.length; holder++) {
      const base = GLOBALS + holder * this.perHolder;
      if (holder !== worker && s[base + W_CLAIM_NO] > 0)
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
      explainSearchViolation(
        { kind: 'shared-token', token, holders: [this.labels[other], this.labels[worker]] },
        this.vocabulary,
      ),
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
      explainSearchViolation({ kind: 'final-claimed', claimer: owner, token }, this.vocabulary),
      'run row',
    );
  }

  /** Property 4: after `finishes` finishes took effect, the run was finished at most once. */
  secondFinish(finishes: number, atStep: number): Violation | null {
    if (!finishedTwice(finishes)) return null;
    return violation(
      'second-finish',
      atStep,
      explainSearchViolation({ kind: 'second-finish', finishes }, this.vocabulary),
      'run row',
    );
  }
}

function violation(
  kind: ViolationKind,
  atStep: number,
  message: Explained,
  target?: ProtectedTarget,
): Violation {
  return { property: PROPERTY_OF[kind], kind, atStep, target, message };
}
