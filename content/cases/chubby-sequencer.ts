import { RUN_ROW } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 2: Chubby's sequencers and lock-delay. */
export const CHUBBY_CASE: CaseFile = {
  id: 'chubby-sequencer',
  number: 2,
  title: 'Chubby sequencers and lock-delay',
  system: 'Google’s Chubby lock service (Burrows, OSDI 2006)',
  tokenName: 'lock generation number (in a sequencer)',
  account: {
    beforeRun: [
      'In Chubby, a client that holds a lock can ask for a sequencer: an opaque byte string naming the lock, the mode it is held in (exclusive or shared) and the lock’s generation number, which grows each time the lock goes from free to held. The holder attaches the sequencer to the requests it sends to other servers.',
      'A server that receives such a request can ask Chubby whether the sequencer is still current. The paper’s worry is a request from a master that has since lost the lock, held up on its way: it arrives carrying an old generation.',
      'Changing every protocol to carry sequencers is slow work, the paper says, so many servers did not check them. For those Chubby offers lock-delay: when a lock is freed because its holder failed or became unreachable (not on a normal release), Chubby will not grant it to anyone else for a lock-delay that the holder set when it opened the lock’s file, at most one minute. The hope is that the old holder’s requests in flight arrive and are drained before a new holder starts.',
    ],
    afterRun: [
      'A server that checks the sequencer turns the late request away: its generation is older than the lock’s. That is fencing, with the check made by a trusted party.',
      'Lock-delay is protection by time alone. It covers requests held up for less than the lock-delay; a server that checks nothing has no defence against one held up longer, which arrives after the new master has begun.',
    ],
  },
  cast: [
    { lane: 'A', is: 'the old master' },
    { lane: 'B', is: 'the new master' },
    { lane: 'file-server', is: 'a server the masters send requests to' },
  ],
  predict:
    'The old master’s requests arrive late. Which of them does the file server carry out, with a sequencer check and with lock-delay only?',
  runs: [
    {
      id: 'sequencer-checked',
      label: 'The server checks the sequencer',
      pattern: 'fenced',
      summary: 'The file server asks Chubby (the run row) whether generation 7 is still current.',
      scenario: {
        leaseSeconds: 12,
        firstToken: 7,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: RUN_ROW.setting() },
        terms: {
          token: 'lock generation',
          holders: { A: 'old master', B: 'new master' },
          resource: 'file server',
        },
      },
      events: [
        { id: 'a-acquires', kind: 'claim', worker: 'A', note: 'generation 7', outcome: 'applied' },
        {
          id: 'a-request-1',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'file-server',
          body: 'request 1',
          outcome: 'applied',
        },
        { id: 'a-unreachable', kind: 'pause', worker: 'A', note: 'partitioned from Chubby' },
        { id: 'session-ends', kind: 'advance', seconds: 13 },
        { id: 'b-acquires', kind: 'claim', worker: 'B', note: 'generation 8', outcome: 'applied' },
        { id: 'a-late', kind: 'resume', worker: 'A', note: 'its delayed request arrives' },
        {
          id: 'a-request-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'file-server',
          body: 'request 2',
          outcome: 'refused',
        },
        {
          id: 'b-request',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'file-server',
          body: 'request from B',
          outcome: 'applied',
        },
      ],
    },
    {
      id: 'lock-delay-only',
      label: 'Lock-delay, no sequencer',
      pattern: 'time-only',
      summary:
        'The server checks nothing. The lock is held back for 12 s of session plus 60 s of lock-delay, the longest a holder may ask for.',
      scenario: {
        leaseSeconds: 72,
        firstToken: 7,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: {
          token: 'lock generation',
          holders: { A: 'old master', B: 'new master' },
          resource: 'file server',
        },
      },
      events: [
        { id: 'a-acquires', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'a-unreachable', kind: 'pause', worker: 'A', note: 'partitioned from Chubby' },
        { id: 'to-30', kind: 'advance', seconds: 30 },
        {
          id: 'b-too-early',
          kind: 'claim',
          worker: 'B',
          note: 'inside the lock-delay',
          outcome: 'refused',
        },
        { id: 'a-drains', kind: 'resume', worker: 'A', note: 'a delayed request arrives in time' },
        {
          id: 'a-request-1',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'file-server',
          body: 'request 1',
          outcome: 'applied',
        },
        { id: 'a-stalls', kind: 'pause', worker: 'A', note: 'another request is stuck in a queue' },
        { id: 'to-73', kind: 'advance', seconds: 43 },
        {
          id: 'b-acquires',
          kind: 'claim',
          worker: 'B',
          note: 'the lock-delay is over',
          outcome: 'applied',
        },
        {
          id: 'b-request',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'file-server',
          body: 'request from B',
          outcome: 'applied',
        },
        { id: 'a-very-late', kind: 'resume', worker: 'A', note: 'delayed past the lock-delay' },
        {
          id: 'a-request-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'file-server',
          body: 'request 2',
          outcome: 'applied',
        },
      ],
    },
  ],
  fixed: [
    'Sequencers are the fix where the server can check them. Lock-delay is a fallback for servers that cannot: it makes the common case (a short delay) safe, and it says so, but it cannot stop a request delayed longer than the lock-delay.',
  ],
  sources: [
    {
      title:
        'Mike Burrows, “The Chubby lock service for loosely-coupled distributed systems”, OSDI 2006',
      url: 'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/',
      check: 'checked',
      note: 'Read in a stored text of the paper: §2.4 (the late request R, sequencers with name, mode and lock generation number, the two ways a server checks one, lock-delay only when the holder failed or became inaccessible, up to a bound of one minute), §2.3 (the generation grows when the lock goes from free to held), §2.6 (CheckSequencer, and the lock-delay among the options a client gives when it opens a node) and §2.8 (the master’s default lease extension of 12 s).',
      cite: [
        'chubby-sequencer.late-request',
        'chubby-sequencer.sequencer-parts',
        'chubby-sequencer.generation-grows',
        'chubby-sequencer.check-two-ways',
        'chubby-sequencer.lock-delay',
        'chubby-sequencer.lock-delay-at-open',
        'chubby-sequencer.protocols-evolve',
        'chubby-sequencer.lease-12s',
      ],
    },
  ],
  unchecked: [
    'The 12-second session lease is the paper’s default lease extension; a loaded master may grant longer ones, and the client’s own view of its lease is shorter.',
    'We draw the file server’s check as a comparison with the run row (Chubby’s state) made in the same step as the request. In Chubby the server asks Chubby, or its cache of Chubby, and then acts: a lock lost between the two is not caught. The paper’s other way, comparing with the latest sequencer the server has seen, is a highest-seen check.',
  ],
};
