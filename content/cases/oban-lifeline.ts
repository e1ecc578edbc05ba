import { HIGHEST_SEEN } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import { ATTEMPT, ATTEMPT_COLUMN } from '@/lib/lease';
import type { CaseEvent, CaseFile, CaseRun } from './types';

const OBAN = 'https://github.com/oban-bg/oban/blob/main/lib/oban';
const HEXPM = 'https://github.com/hexpm/hexpm';

/** rescue_after at hex.pm before the fix: 6 minutes (the timeline's lease, in seconds). */
const RESCUE_AFTER = 360;

const TERMS: CaseRun['scenario']['terms'] = {
  token: ATTEMPT_COLUMN,
  holders: { A: 'node 1', B: 'node 2', C: 'node 3' },
  resource: 'Stats job',
};

/** Completion by the job id alone, as Oban's engine does it; the downloads table checks nothing. */
const AS_OBAN: CaseRun['scenario'] = {
  design: 'finish-on-run-id',
  leaseSeconds: RESCUE_AFTER,
  workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
  targets: { ...PLAIN, gatewayCheck: { kind: 'none' }, fingerprint: 'attempt-number' },
  terms: TERMS,
};

/**
 * One Lifeline pass: its UPDATE reads and writes the row in one statement, drawn as a read and a
 * re-queue at the same instant that compares the state it read (state = 'executing').
 */
function lifeline(pass: string, outcome: 'applied' | 'refused', note?: string): CaseEvent[] {
  return [
    { id: `lifeline-reads-${pass}`, kind: 'rescue-read', ...(note ? { note } : {}) },
    { id: `lifeline-rescues-${pass}`, kind: 'rescue', compare: ['status'], outcome },
  ];
}

/** What a run of the job writes: the day's download counts, deleted and inserted again. */
function downloads(
  worker: 'A' | 'B' | 'C',
  attempt: number,
  outcome: 'applied' | 'refused',
): CaseEvent {
  return {
    id: `n${attempt}-writes`,
    kind: 'gateway-write',
    worker,
    resource: 'downloads',
    body: `the day’s download counts from attempt ${attempt}`,
    outcome,
  };
}

/** Case 7: Oban Lifeline rescue (hexpm). */
export const OBAN_CASE: CaseFile = {
  id: 'oban-lifeline',
  number: 7,
  title: 'Oban Lifeline rescue',
  system: 'Oban’s Lifeline plugin at hex.pm (hexpm/hexpm PR #1825)',
  tokenName: ATTEMPT_COLUMN,
  account: {
    beforeRun: [
      'Oban keeps jobs in a Postgres table. A node fetches a job by setting its state to executing, raising its attempt number and stamping attempted_at with the node’s time. If the node dies mid-job, the row stays executing for good, so the Lifeline plugin runs once a minute and moves every job that has been executing for longer than rescue_after back to available, in one UPDATE.',
      'At hex.pm the nightly Stats job, which rebuilds a day’s download counts, was declared with a one-hour timeout and took between 9 and 47 minutes, while rescue_after was 6 minutes. Each run of the job reads the full set of CDN logs, deletes and inserts the day’s counts and refreshes two materialized views.',
      'Each run has its own attempt number in the row. Oban marks a job completed by its id alone, and the downloads table keeps no attempt of its own.',
    ],
    afterRun: [
      'Lifeline judges by time alone, as its own documentation warns: it cannot tell a dead node from a slow one.',
      'Lifeline handed the job to a second node while the first was still working on it, and to a third after that: two or three runs a night, each doing all of that work. Nothing compared the attempts, so every run’s work and every completion went in.',
      'Lifeline’s own UPDATE does check the state, so a job already completed is left alone.',
    ],
  },
  cast: [
    { lane: 'A', is: 'node 1, attempt 1' },
    { lane: 'B', is: 'node 2, attempt 2 (after Lifeline’s first rescue)' },
    { lane: 'C', is: 'node 3, attempt 3 (after the second rescue)' },
    { lane: 'rescuer', is: 'Oban’s Lifeline plugin, one pass a minute' },
    { lane: 'downloads', is: 'what the Stats job writes (gateway lane)' },
  ],
  predict:
    'rescue_after is 6 minutes and the job runs 15. Which of the three runs’ writes and completions land, and what does Lifeline do once the job is completed?',
  runs: [
    {
      id: 'every-run-lands',
      label: 'The attempt is recorded, not checked',
      pattern: 'no-fencing',
      summary:
        'Lifeline re-queues the running job at 6 and 12 minutes; completion matches the job id alone and the downloads table checks nothing.',
      scenario: AS_OBAN,
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', note: 'attempt 1 starts', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361 },
        ...lifeline('1', 'applied', 'executing for over 6 minutes'),
        { id: 'n2-runs', kind: 'claim', worker: 'B', note: 'attempt 2 starts', outcome: 'applied' },
        { id: 'to-12m', kind: 'advance', seconds: 361 },
        ...lifeline('2', 'applied'),
        { id: 'n3-runs', kind: 'claim', worker: 'C', note: 'attempt 3 starts', outcome: 'applied' },
        { id: 'to-15m', kind: 'advance', seconds: 178, note: 'attempt 1 reaches its end' },
        downloads('A', 1, 'applied'),
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'applied' },
        { id: 'to-18m', kind: 'advance', seconds: 183, note: 'attempt 3 has run 6 minutes' },
        ...lifeline('3', 'refused'),
        { id: 'to-21m', kind: 'advance', seconds: 178 },
        downloads('B', 2, 'applied'),
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'applied' },
        { id: 'to-27m', kind: 'advance', seconds: 361 },
        downloads('C', 3, 'applied'),
        { id: 'n3-done', kind: 'finish', worker: 'C', outcome: 'applied' },
      ],
    },
    {
      id: 'attempt-checked',
      label: 'The attempt checked, as in the lesson',
      pattern: 'fenced',
      summary:
        'Our change: completion also requires the state executing and the attempt of the node’s own fetch, and the downloads table keeps the highest attempt registered. Lifeline runs as before.',
      scenario: {
        ...AS_OBAN,
        conditions: { finish: ['status', ATTEMPT] },
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: HIGHEST_SEEN.setting(),
          fingerprint: 'attempt-number',
        },
      },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361 },
        ...lifeline('1', 'applied'),
        { id: 'n2-runs', kind: 'claim', worker: 'B', outcome: 'applied' },
        { id: 'n2-registers', kind: 'register', worker: 'B', resource: 'downloads' },
        { id: 'to-12m', kind: 'advance', seconds: 361 },
        ...lifeline('2', 'applied'),
        { id: 'n3-runs', kind: 'claim', worker: 'C', outcome: 'applied' },
        { id: 'n3-registers', kind: 'register', worker: 'C', resource: 'downloads' },
        { id: 'to-15m', kind: 'advance', seconds: 178 },
        downloads('A', 1, 'refused'),
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'refused' },
        { id: 'to-18m', kind: 'advance', seconds: 183 },
        ...lifeline('3', 'applied', 'attempt 3 has been executing for 6 minutes'),
        { id: 'to-21m', kind: 'advance', seconds: 178 },
        downloads('B', 2, 'refused'),
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'refused' },
        { id: 'to-27m', kind: 'advance', seconds: 361 },
        downloads('C', 3, 'applied'),
        { id: 'n3-done', kind: 'finish', worker: 'C', outcome: 'refused' },
      ],
    },
    {
      id: 'window-longer-than-job',
      label: 'A window longer than the job',
      pattern: 'time-only',
      predict:
        'rescue_after is an hour this time and the job still runs 15 minutes. What does Lifeline’s pass at 6 minutes do, and do the job’s write and its completion land?',
      summary:
        'Lifeline with Oban’s default rescue_after of an hour (hex.pm chose 90 minutes), longer than the job’s 15 minutes. It is still protection by time alone.',
      scenario: { ...AS_OBAN, leaseSeconds: 3600 },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361 },
        ...lifeline('1', 'refused'),
        { id: 'to-15m', kind: 'advance', seconds: 539 },
        downloads('A', 1, 'applied'),
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'applied' },
      ],
    },
  ],
  fixed: [
    'hex.pm raised rescue_after to 90 minutes, above the longest timeout any of its workers declares, and added a test that walks every Oban worker with a timeout and fails if Lifeline’s window is not longer. That stops the nightly repeats, but it is still protection by time: a run that outlives its declared timeout is rescued again.',
    'What would make a rescue harmless is a check of the attempt where the effects land and at completion, so that only the newest attempt can finish. The second run adds that, and shows its limit: with a 6-minute rescue and a 15-minute job, Lifeline re-queues every attempt before it ends, so none completes. A fence turns duplicates into wasted work, and the timeout still has to fit the job.',
  ],
  sources: [
    {
      title: 'hexpm/hexpm pull request #1825: Stop Lifeline rescuing jobs that are still running',
      url: `${HEXPM}/pull/1825`,
      check: 'checked',
      note: 'Read as the merged commit ce854b4 (11 August 2026) in the repository’s history: rescue_after 6 minutes against a Stats job declared at an hour that takes 9 to 47 minutes; two or three runs a night, two of three rows with attempt above 1; the fix to 90 minutes and its test. The pull request’s discussion page was not read.',
      cite: 'oban-lifeline.hexpm-incident',
    },
    {
      title: 'Oban: lib/oban/lifeline.ex (Oban.Lifeline, formerly Oban.Plugins.Lifeline)',
      url: `${OBAN}/lifeline.ex`,
      check: 'checked',
      note: 'Read at commit 2939e31: rescuing is purely based on time, the plugin may move jobs that are genuinely executing and cause duplicate execution; by default a pass each minute and rescue_after of an hour; only the leader node rescues.',
      cite: ['oban-lifeline.time-only', 'oban-lifeline.defaults'],
    },
    {
      title: 'Oban: lib/oban/engines/basic.ex (fetch, rescue and completion)',
      url: `${OBAN}/engines/basic.ex`,
      check: 'checked',
      note: 'Read at commit 2939e31: the fetch sets executing, attempted_at and attempted_by and raises attempt; rescue_jobs sets available where state is executing, attempted_at is before now minus rescue_after and attempt is below max_attempts (discarded otherwise); complete_job updates the job where the id matches, nothing else.',
      cite: [
        'oban-lifeline.rescue-query',
        'oban-lifeline.complete-by-id',
        'oban-lifeline.node-clock',
      ],
    },
  ],
  unchecked: [
    'The 15-minute run in the timeline is one value in the reported 9 to 47 minutes, and the rescue lands on the first Lifeline pass after 6 minutes; the two or three nightly runs are real, the exact times are ours.',
    'Lifeline reads and writes the row in one UPDATE each minute; the timeline draws a pass as a read and a re-queue at the same instant, the re-queue comparing the state it read, and a pass that finds nothing stuck as not sent, where Oban’s UPDATE runs and matches no row. The attempt below max_attempts (5 for Stats) always holds here.',
    'The third run uses Oban’s default hour because the timeline’s lease stops at 3,600 s; hex.pm’s fix is 90 minutes, and either is longer than the 47-minute runs.',
    'The second run is ours, not Oban’s: Oban’s completion compares only the id, and its downloads table knows no attempt.',
  ],
};
