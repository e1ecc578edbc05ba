import type { Authority, WriteDecision } from './decision';
import { authorityAfter, NO_AUTHORITY, type DecisionContext, type HeldToken } from './judge';
import type { RunRow } from './types';
import type { LeaseState, Write } from './write';

/*
 * Who holds what, as the step folds it: the context a write is decided in, and the state after
 * its decision (the authority moves on, a claimant learns its token).
 */

/** Who holds the run as its row says: the row names the newest claim's holder (nobody: no row). */
export function rowAuthority(row: RunRow | undefined): Authority {
  return row ? { holder: row.owner || null, token: row.fence } : NO_AUTHORITY;
}

/** The state with who holds the run as its row says. */
export function rowHolds(state: LeaseState, row: RunRow | undefined): LeaseState {
  return { ...state, authority: rowAuthority(row) };
}

/** The context a write is decided in: who wrote when, and who held the run then. */
export function contextOf(state: LeaseState, w: Write): DecisionContext {
  return {
    writer: w.writer,
    at: w.now,
    authority: state.authority,
    ...(w.holds !== undefined ? { holds: w.holds } : {}),
    ...(w.lost ? { lost: w.lost } : {}),
    ...(w.clock ? { clock: w.clock } : {}),
    ...(w.lane !== undefined ? { lane: w.lane } : {}),
  };
}

/** Who holds what after a decision: the authority moves on, and a claimant learns its token. */
export function nextState(state: LeaseState, w: Write, d: WriteDecision): LeaseState {
  const authority = authorityAfter(state.authority, d);
  if (d.kind !== 'claim' || d.outcome.database !== 'applied' || w.lost || !d.after)
    return { authority, held: state.held };
  // The claimant's process now holds the new token (by lane when processes share a name).
  const mine = (h: HeldToken) =>
    w.lane !== undefined ? h.lane === w.lane : h.holder === w.writer && h.lane === undefined;
  const held = state.held.filter((h) => !mine(h));
  const token = {
    holder: w.writer,
    token: d.after.fence,
    ...(w.lane !== undefined ? { lane: w.lane } : {}),
  };
  return { authority, held: [...held, token] };
}
