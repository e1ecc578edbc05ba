import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import { fingerprint, type RunCondition } from '@/lib/lease';
import type { CaseEvent, CaseFile, CaseRun } from './types';

const REPO = 'https://github.com/HangfireIO/Hangfire';
const SQLSERVER = `${REPO}/blob/main/src/Hangfire.SqlServer`;

/**
 * FetchedAt as the fingerprint of one fetch: GETUTCDATE() at the fetch is database time, which
 * the catalogue's attempted_at column records (claimed_at would be the worker's own clock).
 */
const FETCHED_AT: RunCondition = fingerprint(['attempted_at']);

/**
 * Both runs: a fetch takes a row never fetched or fetched longer ago than the timeout (the
 * lease); keep-alive and removal compare only what `conditions` says (Queue and Id are the row).
 */
function settings(compare: RunCondition[]): CaseRun['scenario'] {
  return {
    design: 'ttl-only',
    conditions: { renew: compare, finish: compare },
    leaseSeconds: 300,
    workers: [{ id: 'A' }, { id: 'B' }],
    targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
    terms: { holders: { A: 'worker 1', B: 'worker 2' }, resource: 'the job’s work' },
  };
}

/** What a worker's run of the job does, to a target that checks nothing. */
const jobOutput = (id: string, worker: 'A' | 'B', by: string): CaseEvent => ({
  id,
  kind: 'gateway-write',
  worker,
  resource: 'job-output',
  body: `the job’s work, done by ${by}`,
  outcome: 'applied',
});

/**
 * Until worker 1 wakes: the same in both runs. No keep-alive lands before a comparison: in
 * Hangfire a keep-alive moves FetchedAt, in the timeline it moves the lease and leaves
 * attempted_at, so each worker here is compared only with the FetchedAt of its own fetch.
 */
const UNTIL_WAKE: CaseEvent[] = [
  { id: 'w1-fetches', kind: 'claim', worker: 'A', note: 'FetchedAt = 0', outcome: 'applied' },
  { id: 'to-30s', kind: 'advance', seconds: 30 },
  {
    id: 'w1-stalls',
    kind: 'pause',
    worker: 'A',
    note: 'its process freezes before its first keep-alive, due at 60 s',
  },
  { id: 'to-5m', kind: 'advance', seconds: 271, note: 'FetchedAt 0 is now older than 5 minutes' },
  { id: 'w2-fetches', kind: 'claim', worker: 'B', note: 'FetchedAt = 301', outcome: 'applied' },
  jobOutput('w2-work', 'B', 'worker 2'),
  { id: 'w1-wakes', kind: 'resume', worker: 'A' },
];

/** Worker 1 wakes: its overdue keep-alive, the rest of its job, its removal of the row. */
function workerOneWakes(rowStatements: 'applied' | 'refused'): CaseEvent[] {
  return [
    {
      id: 'w1-keeps-alive-late',
      kind: 'renew',
      worker: 'A',
      note: 'its heartbeat is overdue',
      outcome: rowStatements,
    },
    jobOutput('w1-work', 'A', 'worker 1'),
    {
      id: 'w1-removes',
      kind: 'finish',
      worker: 'A',
      note: 'the job is done: delete its queue row',
      outcome: rowStatements,
    },
  ];
}

/** Case 12: Hangfire's SQL Server queue, where FetchedAt is the fingerprint of a fetch. */
export const HANGFIRE_CASE: CaseFile = {
  id: 'hangfire-fetched-at',
  number: 12,
  title: 'Hangfire and the time of a fetch',
  system: 'Hangfire’s SQL Server job storage (HangfireIO/Hangfire, commit c6f067ef, 1.7.0)',
  tokenName: 'FetchedAt, the database time of the fetch',
  account: {
    beforeRun: [
      'Hangfire stores each enqueued background job as a row of a JobQueue table. With SQL Server and a sliding invisibility timeout (five minutes by default in the version read here), a worker fetches a job with one UPDATE: it writes the database’s current UTC time into the row’s FetchedAt and gets that value back. A row may be fetched when its FetchedAt is empty or older than the timeout. While the job runs, a heartbeat moves FetchedAt forward every fifth of the timeout, so a long job stays hidden and the job of a worker that died comes back once the timeout has passed.',
      'The worker remembers the FetchedAt its fetch returned. Its keep-alive, its requeue and its deletion of the row once the job is done all match the row by its Id and by that FetchedAt. FetchedAt counts nothing, but it names one fetch, and so it acts as a fingerprint.',
      'It was not so from the start. Before Hangfire 1.7.0 the three statements matched the row by Id alone; a commit of February 2019 added FetchedAt to each of them.',
    ],
    afterRun: [
      'If the worker stalled past the timeout and a second worker fetched the job, FetchedAt has moved on: the first worker’s statements change no row, and Hangfire logs that the job was fetched by another worker.',
      'The commit’s message says why FetchedAt was added: without it, a worker could prolong another worker’s work.',
    ],
  },
  cast: [
    {
      lane: 'A',
      is: 'worker 1, whose fetch wrote FetchedAt = 0 and which sends no keep-alive before it freezes',
    },
    { lane: 'B', is: 'worker 2, which fetches the job again once worker 1’s row has gone stale' },
    {
      lane: 'run row',
      is: 'the job’s JobQueue row; attempted_at is its FetchedAt, the lease its FetchedAt plus the timeout, done means deleted',
    },
    { lane: 'job-output', is: 'what the job itself does (gateway lane, nothing checked)' },
  ],
  predict:
    'The invisibility timeout is 5 minutes and a keep-alive is due every minute. Worker 1 fetches the job at 0 and freezes 30 s later, before its first keep-alive; worker 2 fetches the job at 301 s and does the job’s work. When worker 1 wakes, which of its keep-alive, its work and its removal of the row land? Say for each of worker 2’s writes in the run what happens too.',
  runs: [
    {
      id: 'fetched-at-compared',
      label: 'Hangfire 1.7 and later: Id and FetchedAt',
      pattern: 'fenced',
      summary:
        'Keep-alive and removal compare the FetchedAt of the worker’s own fetch; the job’s work is compared with nothing.',
      scenario: settings([FETCHED_AT]),
      events: [
        ...UNTIL_WAKE,
        ...workerOneWakes('refused'),
        { id: 'to-331s', kind: 'advance', seconds: 30, note: 'within worker 2’s first minute' },
        {
          id: 'w2-removes',
          kind: 'finish',
          worker: 'B',
          note: 'the job is done: delete its queue row',
          outcome: 'applied',
        },
      ],
    },
    {
      id: 'id-alone',
      label: 'Before 1.7.0: by Id alone',
      pattern: 'no-fencing',
      summary:
        'The same statements match the row by Id alone. The run ends at worker 1’s removal, since Hangfire deletes the row there.',
      scenario: settings([]),
      events: [...UNTIL_WAKE, ...workerOneWakes('applied')],
    },
  ],
  fixed: [
    'Hangfire 1.7.0 and later compare FetchedAt in the keep-alive, the requeue and the removal, so a worker whose fetch was superseded can neither keep the new fetch alive, nor put it back in the queue, nor delete it. After a refused keep-alive the worker forgets its FetchedAt and will not send another.',
    'The fingerprint protects the queue row, not what the job does: both workers ran the job, as a queue that promises at least once may. In the source read here, the change of the job’s state to Succeeded checks only that the job is in the Processing state, which worker 2’s fetch set as well, so the stale worker’s result can still be recorded. Jobs that must not run twice need their own guard where their effects land.',
  ],
  sources: [
    {
      title: 'Hangfire: src/Hangfire.SqlServer/SqlServerTimeoutJob.cs',
      url: `${SQLSERVER}/SqlServerTimeoutJob.cs`,
      check: 'checked',
      note: 'Read at commit c236dd0 (v1.8.24 and two commits): RemoveFromQueue deletes, and Requeue sets FetchedAt to null, where Queue, Id and FetchedAt equal the fetch’s; the keep-alive sets FetchedAt = getutcdate() under the same match, keeps the value it returns, and on no row logs that another worker fetched the job. A heartbeat runs it every fifth of the timeout.',
      cite: ['hangfire-fetched-at.keep-alive', 'hangfire-fetched-at.default-timeout'],
    },
    {
      title: 'Hangfire: src/Hangfire.SqlServer/SqlServerJobQueue.cs and SqlServerStorageOptions.cs',
      url: `${SQLSERVER}/SqlServerJobQueue.cs`,
      check: 'checked',
      note: 'Read at commit c236dd0: with a sliding invisibility timeout the fetch is one UPDATE TOP (1) setting FetchedAt = GETUTCDATE() where FetchedAt is null or older than the timeout, returning Id, JobId, Queue and FetchedAt; the options default the timeout to 5 minutes.',
      cite: ['hangfire-fetched-at.fetch', 'hangfire-fetched-at.default-timeout'],
    },
    {
      title:
        'Hangfire commit c6f067ef (14 February 2019): FetchedAt added to the keep-alive, requeue and removal',
      url: `${REPO}/commit/c6f067ef588daf4a22a8306f72e6f0d70b54955f`,
      check: 'checked',
      note: 'Read in the repository’s history (14 February 2019, first in the v1.7.0 tags): the removal, requeue and keep-alive change from matching Id alone to Id and FetchedAt, and the fetch starts returning FetchedAt. The 1.6.X branch, where the sliding timeout arrived in 1.6.14, still matches by Id alone.',
      cite: 'hangfire-fetched-at.commit-c6f067ef',
    },
    {
      title: 'Hangfire: src/Hangfire.Core/Server/Worker.cs and States/BackgroundJobStateChanger.cs',
      url: `${REPO}/blob/main/src/Hangfire.Core/Server/Worker.cs`,
      check: 'checked',
      note: 'Read at commit c236dd0: after the job runs, the worker moves it to its final state expecting Processing, ignores the result if it is not, then removes the row from the queue; the state changer compares the current state’s name only.',
      cite: 'hangfire-fetched-at.succeeded-expects-processing',
    },
  ],
  unchecked: [
    'The times are ours: the 5-minute timeout and the keep-alive every minute follow the source’s defaults; the freeze of worker 1 is invented, no incident report is behind it.',
    'In the timeline the job’s row stays in the table as done where Hangfire deletes it, and attempted_at stands for FetchedAt. A keep-alive that lands moves the lease, where Hangfire moves FetchedAt itself and the worker remembers the new value. So that the two compare the same values, no keep-alive lands here before a worker’s later statements: worker 1 freezes before its first one, and worker 2 finishes within its first minute. Only worker 1’s late keep-alive in the run before 1.7.0 lands, and after it Hangfire would compare the new FetchedAt, the timeline the old one; the removal that follows checks nothing but the Id, so the outcome is the same.',
    'Once its keep-alive has changed no row, Hangfire’s worker has forgotten its FetchedAt, so its removal compares with NULL, which matches no row, or is not sent at all; the timeline compares the time of its fetch. Either way no row changes.',
    'The run before 1.7.0 ends at worker 1’s removal: with the row deleted, worker 2’s later keep-alive and removal would match no row in Hangfire, which a timeline that keeps the row cannot show.',
    'The job’s work is drawn as one write to a target that checks nothing; the job’s state records are not drawn.',
  ],
};
