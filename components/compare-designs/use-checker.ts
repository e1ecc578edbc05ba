'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeaseDesign } from '@/lib/lease';
import type {
  Bound,
  CheckerVerdict,
  SearchProgress,
  ConditionPicks,
  StatementDraft,
  StatementProblem,
} from '@/lib/checker';
import { CheckerClient, type CheckOutcome } from '@/lib/checker/client';
import { logCheck } from '@/lib/checker';
import { browserRecords } from '@/lib/composition';

export type CheckState =
  | { status: 'idle' }
  | { status: 'running'; progress: SearchProgress | null }
  | { status: 'done'; result: CheckerVerdict }
  | { status: 'invalid'; problems: StatementProblem[] }
  | { status: 'stopped'; progress: SearchProgress | null }
  | { status: 'error'; message: string };

const IDLE: CheckState = { status: 'idle' };

/**
 * One checker worker for the page: checks run one at a time, each under a key (a design id),
 * with live progress; `stop` ends the running one.
 */
export function useChecker() {
  const client = useRef<CheckerClient | null>(null);
  const [states, setStates] = useState<Record<string, CheckState>>({});
  const [running, setRunning] = useState<string | null>(null);

  useEffect(() => () => client.current?.dispose(), []);

  const launch = useCallback(
    async (
      key: string,
      start: (c: CheckerClient, onProgress: (p: SearchProgress) => void) => Promise<CheckOutcome>,
    ): Promise<CheckOutcome['kind']> => {
      client.current ??= new CheckerClient();
      let last: SearchProgress | null = null;
      setRunning(key);
      setStates((s) => ({ ...s, [key]: { status: 'running', progress: null } }));
      const outcome = await start(client.current, (progress) => {
        last = progress;
        setStates((s) => ({ ...s, [key]: { status: 'running', progress } }));
      });
      const next: CheckState =
        outcome.kind === 'result'
          ? { status: 'done', result: outcome.result }
          : outcome.kind === 'invalid'
            ? { status: 'invalid', problems: outcome.problems }
            : outcome.kind === 'stopped'
              ? { status: 'stopped', progress: last }
              : { status: 'error', message: outcome.message };
      setStates((s) => ({ ...s, [key]: next }));
      setRunning((r) => (r === key ? null : r));
      if (outcome.kind === 'result') {
        // The activity log is a convenience: a failure to store it must not disturb the check.
        browserRecords()
          .write((db) => logCheck(db, Date.now(), outcome.result))
          .catch(() => undefined);
      }
      return outcome.kind;
    },
    [],
  );

  const check = useCallback(
    (key: string, design: LeaseDesign, bound: Bound, stateCache: boolean) =>
      launch(key, (c, onProgress) => c.check(design, bound, onProgress, stateCache)),
    [launch],
  );

  const checkDraft = useCallback(
    (
      key: string,
      draft: StatementDraft,
      bound: Bound,
      stateCache: boolean,
      picks?: ConditionPicks,
    ) => launch(key, (c, onProgress) => c.checkDraft(draft, bound, onProgress, stateCache, picks)),
    [launch],
  );

  const stop = useCallback(() => client.current?.stop(), []);

  const stateOf = useCallback((key: string): CheckState => states[key] ?? IDLE, [states]);

  return { check, checkDraft, stop, stateOf, running };
}

export type Checker = ReturnType<typeof useChecker>;
