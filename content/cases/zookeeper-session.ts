import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 3: ZooKeeper session expiry (Curator TN10). */
export const ZOOKEEPER_CASE: CaseFile = {
  id: 'zookeeper-session',
  number: 3,
  title: 'ZooKeeper session expiry',
  system: 'Apache ZooKeeper with Curator’s InterProcessMutex (Curator Tech Note 10)',
  tokenName: 'zxid (the lock node’s czxid)',
  account: [
    'A ZooKeeper lock recipe represents the holder by an ephemeral node. The node lives as long as the client’s session, and the session lives as long as the client keeps sending heartbeats within the session timeout.',
    'Curator’s Tech Note 10 walks through what a short timeout does. The session timeout is 3 seconds. Client A holds the lock; client B waits for it. A’s JVM stops for a 10-second garbage collection. A sends no heartbeats, the session lapses, ZooKeeper deletes A’s ephemeral node, B’s watch fires, and B takes the lock. Then A’s collection ends, and A carries on: for a moment both clients act as the lock holder.',
    'The note’s advice is to tune the JVM so that pauses stay shorter than the session timeout, and to prefer long timeouts (Curator’s default is 60 seconds). It also says there is always some pause longer than the timeout. What decides the damage is the resource: if it checks an ordered number from ZooKeeper, such as the zxid that created the lock node (its czxid) or the node’s sequence number, A’s late write is refused. The node’s data version would not do: every new lock node starts at version 0, whoever holds it.',
  ],
  cast: [
    { lane: 'A', is: 'client A' },
    { lane: 'B', is: 'client B' },
    { lane: 'shared-db', is: 'the resource both clients write' },
  ],
  predict: 'Client A comes back from a 10-second pause with a 3-second session. Which writes land?',
  runs: [
    {
      id: 'no-check',
      label: 'Nothing checked at the resource',
      pattern: 'no-fencing',
      summary: 'The resource takes every write: both clients’ writes land.',
      scenario: {
        leaseSeconds: 3,
        firstToken: 4711,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: {
          token: 'zxid',
          holders: { A: 'client A', B: 'client B' },
          resource: 'shared database',
        },
      },
      events: [
        {
          id: 'a-lock',
          kind: 'claim',
          worker: 'A',
          note: 'A’s ephemeral node is created',
          outcome: 'applied',
        },
        { id: 'a-gc', kind: 'pause', worker: 'A', note: '10 s stop-the-world GC' },
        {
          id: 'session-lapses',
          kind: 'advance',
          seconds: 4,
          note: 'no heartbeats for 3 s: the node is deleted',
        },
        {
          id: 'b-lock',
          kind: 'claim',
          worker: 'B',
          note: 'B’s watch fires; B holds the lock',
          outcome: 'applied',
        },
        {
          id: 'b-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'shared-db',
          body: 'B’s update',
          outcome: 'applied',
        },
        { id: 'gc-ends', kind: 'advance', seconds: 6 },
        { id: 'a-wakes', kind: 'resume', worker: 'A' },
        {
          id: 'a-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'shared-db',
          body: 'A’s update',
          outcome: 'applied',
        },
      ],
    },
    {
      id: 'zxid-checked',
      label: 'The zxid is the token',
      pattern: 'fenced',
      summary: 'The resource keeps the highest zxid it has seen and refuses A’s older one.',
      scenario: {
        leaseSeconds: 3,
        firstToken: 4711,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'highest-seen' } },
        terms: {
          token: 'zxid',
          holders: { A: 'client A', B: 'client B' },
          resource: 'shared database',
        },
      },
      events: [
        { id: 'a-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'a-gc', kind: 'pause', worker: 'A', note: '10 s stop-the-world GC' },
        { id: 'session-lapses', kind: 'advance', seconds: 4 },
        { id: 'b-lock', kind: 'claim', worker: 'B', outcome: 'applied' },
        {
          id: 'b-write',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'shared-db',
          body: 'B’s update',
          outcome: 'applied',
        },
        { id: 'gc-ends', kind: 'advance', seconds: 6 },
        { id: 'a-wakes', kind: 'resume', worker: 'A' },
        {
          id: 'a-write',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'shared-db',
          body: 'A’s update',
          outcome: 'refused',
        },
      ],
    },
  ],
  fixed: [
    'Curator’s answer is operational: keep pauses below the session timeout, and treat the lock as lost the moment the connection is suspended. Neither stops a paused client that does not yet know.',
    'A resource that compares an ordered number from ZooKeeper refuses the late write whatever the pause.',
  ],
  sources: [
    {
      title: 'Apache Curator, Tech Note 10: JVM pauses and session timeouts',
      url: 'https://cwiki.apache.org/confluence/display/CURATOR/TN10',
      check: 'checked',
      note: 'Checked: the 3 s timeout, the 10 s GC, the deleted ephemeral node, B gaining the lock, and the 60 s default.',
    },
  ],
  unchecked: [
    'Using the lock node’s czxid (or its sequence number) as the token is our addition; Tech Note 10 does not propose a check at the resource. Real zxids jump by more than one between the two grants: only their order matters here.',
  ],
};
