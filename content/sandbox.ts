import { fencedDesign } from '@/lib/lease';
import { inlineConstants } from '@/lib/sqlite';

const run = 'r';
const lease = 5;

/** The sandbox database: the lesson's runs table with one queued run. */
export const SANDBOX_SEED = `${fencedDesign.schema}\n${inlineConstants(fencedDesign.submit, { run })};`;

const step = (comment: string, sql: string, params: Record<string, string | number>) =>
  `-- ${comment}\n${inlineConstants(sql, { run, lease, ...params })};`;

/**
 * The lesson's demo, statement by statement, built from the one copy of the design's SQL:
 * A claims at 0, B takes over at 6, then A and B try to finish at 7.
 */
export const SANDBOX_SCRIPT = [
  step('Worker A claims at time 0 with a 5-second lease: it gets fence 1.', fencedDesign.claim, {
    owner: 'A',
    now: 0,
  }),
  step(
    'A pauses. At time 6 its lease has ended, so worker B takes over: fence 2.',
    fencedDesign.claim,
    {
      owner: 'B',
      now: 6,
    },
  ),
  step(
    'A wakes at time 7 and tries to finish with its old token 1: 0 rows change.',
    fencedDesign.finish,
    {
      owner: 'A',
      token: 1,
      now: 7,
    },
  ),
  step('B finishes at time 7 with token 2: 1 row changes.', fencedDesign.finish, {
    owner: 'B',
    token: 2,
    now: 7,
  }),
  '-- The row as it ends: done, owned by B, fence 2.\nSELECT * FROM runs;',
].join('\n\n');
