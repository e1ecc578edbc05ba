import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 7: Oban Lifeline rescue (hexpm). */
export const OBAN_CASE: CaseFile = {
  id: 'oban-lifeline',
  number: 7,
  title: 'Oban Lifeline rescue',
  system: 'Oban’s Lifeline plugin in hex.pm (hexpm/hexpm PR #1825)',
  tokenName: 'attempt',
  account: [
    'Oban keeps jobs in a Postgres table. A job being worked is in the executing state, with its attempt number and the time it was attempted. If a node dies mid-job, the job stays executing forever, so the Lifeline plugin rescues jobs that have been executing longer than rescue_after and makes them available again. It judges by time alone: it cannot tell a dead node from a slow one.',
    'At hex.pm a nightly job was set up with rescue_after at 6 minutes, while the job itself took between 9 and 47 minutes. Every night Lifeline rescued it while it was still running, another node started it again, and it ran two or three times over.',
    'Each run had its own attempt number, recorded in the row. Nothing compared it with anything: the job’s writes and its completion landed from every run. That is the baseline of no fencing.',
  ],
  cast: [
    { lane: 'A', is: 'node 1, attempt 1' },
    { lane: 'B', is: 'node 2, attempt 2 (after the first rescue)' },
    { lane: 'C', is: 'node 3, attempt 3 (after the second rescue)' },
    { lane: 'registry', is: 'what the job writes (gateway lane)' },
  ],
  predict:
    'rescue_after is 6 minutes and the job runs 15. Which of the three runs’ writes and completions land?',
  runs: [
    {
      id: 'every-run-lands',
      label: 'The attempt is recorded, not checked',
      pattern: 'no-fencing',
      summary: 'Completion matches the job id alone and the registry checks nothing.',
      scenario: {
        design: 'finish-on-run-id',
        leaseSeconds: 360,
        workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' }, fingerprint: 'attempt' },
        terms: {
          token: 'attempt',
          holders: { A: 'node 1', B: 'node 2', C: 'node 3' },
          resource: 'package registry',
        },
      },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', note: 'attempt 1 starts', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361, note: 'Lifeline rescues the job' },
        { id: 'n2-runs', kind: 'claim', worker: 'B', note: 'attempt 2 starts', outcome: 'applied' },
        { id: 'to-12m', kind: 'advance', seconds: 361, note: 'Lifeline rescues it again' },
        { id: 'n3-runs', kind: 'claim', worker: 'C', note: 'attempt 3 starts', outcome: 'applied' },
        { id: 'to-15m', kind: 'advance', seconds: 178, note: 'attempt 1 reaches its end' },
        {
          id: 'n1-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'registry',
          body: 'index from attempt 1',
          outcome: 'applied',
        },
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'applied' },
        { id: 'to-21m', kind: 'advance', seconds: 361 },
        {
          id: 'n2-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'registry',
          body: 'index from attempt 2',
          outcome: 'applied',
        },
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'applied' },
        { id: 'to-27m', kind: 'advance', seconds: 361 },
        {
          id: 'n3-writes',
          kind: 'gateway-write',
          worker: 'C',
          resource: 'registry',
          body: 'index from attempt 3',
          outcome: 'applied',
        },
        { id: 'n3-done', kind: 'finish', worker: 'C', outcome: 'applied' },
      ],
    },
    {
      id: 'attempt-checked',
      label: 'The attempt checked, as in the lesson',
      pattern: 'fenced',
      summary:
        'Completion checks owner and attempt; the registry learns each attempt at rescue and keeps the highest.',
      scenario: {
        leaseSeconds: 360,
        workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: { kind: 'highest-seen' },
          fingerprint: 'attempt',
        },
        terms: {
          token: 'attempt',
          holders: { A: 'node 1', B: 'node 2', C: 'node 3' },
          resource: 'package registry',
        },
      },
      events: [
        { id: 'n1-runs', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'to-6m', kind: 'advance', seconds: 361 },
        { id: 'n2-runs', kind: 'claim', worker: 'B', outcome: 'applied' },
        { id: 'n2-registers', kind: 'register', worker: 'B', resource: 'registry' },
        { id: 'to-12m', kind: 'advance', seconds: 361 },
        { id: 'n3-runs', kind: 'claim', worker: 'C', outcome: 'applied' },
        { id: 'n3-registers', kind: 'register', worker: 'C', resource: 'registry' },
        { id: 'to-15m', kind: 'advance', seconds: 178 },
        {
          id: 'n1-writes',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'registry',
          body: 'index from attempt 1',
          outcome: 'refused',
        },
        { id: 'n1-done', kind: 'finish', worker: 'A', outcome: 'refused' },
        { id: 'to-21m', kind: 'advance', seconds: 361 },
        {
          id: 'n2-writes',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'registry',
          body: 'index from attempt 2',
          outcome: 'refused',
        },
        { id: 'n2-done', kind: 'finish', worker: 'B', outcome: 'refused' },
      ],
    },
  ],
  fixed: [
    'Raising rescue_after above the longest run stops the nightly repeats, but it is still protection by time: a run that one night takes longer is rescued again.',
    'What makes a rescue safe is a check of the attempt where the effects land and at completion, so that only the newest attempt can finish. The second run shows that. (Note that with a 6-minute rescue and a 15-minute job, no attempt ever finishes: a fence turns duplicates into wasted work, and the timeout still has to fit the job.)',
  ],
  sources: [
    {
      title: 'hexpm/hexpm pull request #1825',
      url: 'https://github.com/hexpm/hexpm/pull/1825',
      check: 'not-checked',
      note: 'The pull request is not stored here; the figures (6 minutes, 9 to 47 minutes, two or three runs a night) come from our brief.',
    },
    {
      title: 'Oban.Plugins.Lifeline documentation',
      url: 'https://hexdocs.pm/oban/Oban.Plugins.Lifeline.html',
      check: 'partly',
      note: 'Checked through quotes in other projects’ pull requests: rescuing is purely time-based and may rerun jobs that are still executing.',
    },
  ],
  unchecked: [
    'The 6-minute rescue_after and the 9 to 47-minute run times are from our brief, not checked against the PR here. The 15-minute run in the timeline is one value in that range.',
  ],
  checkDesign: 'finish-on-run-id',
};
