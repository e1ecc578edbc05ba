import { HIGHEST_SEEN } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 3: ZooKeeper session expiry (Curator TN10). */
export const ZOOKEEPER_CASE: CaseFile = {
  id: 'zookeeper-session',
  number: 3,
  title: 'ZooKeeper session expiry',
  system: 'Apache ZooKeeper with Curator’s InterProcessMutex (Curator Tech Note 10)',
  tokenName: 'zxid (the lock node’s czxid)',
  account: {
    beforeRun: [
      'A ZooKeeper lock recipe represents the holder by an ephemeral node. The node lives as long as the client’s session, and the session lives as long as the client keeps sending heartbeats within the session timeout.',
      'Curator’s Tech Note 10 walks through what a short timeout does. The session timeout is 3 seconds. Client A holds the lock; client B waits for it. A’s JVM stops for a 10-second garbage collection. A sends no heartbeats, the session lapses, ZooKeeper deletes A’s ephemeral node, B’s watch fires, and B takes the lock. Then A’s collection ends, and A carries on: for a moment both clients act as the lock holder.',
      'The note’s advice is to tune the JVM so that pauses stay shorter than the session timeout, and to prefer long timeouts (Curator’s default is 60 seconds). It also says there is always some pause longer than the timeout. Whatever A sends after its pause meets the resource, not ZooKeeper.',
      'A token for the resource to compare is at hand: the lock node’s czxid, the id of the change that created it. ZooKeeper stamps every change with a zxid, and a smaller zxid always means an earlier change, so a lock node created later always has a larger czxid.',
      'Two numbers that look similar do not work. The suffix of a sequential lock node comes from a counter kept by its parent node: a signed 32-bit counter that wraps to a negative value after 2147483647, and that starts again when the parent is deleted and created anew. Curator creates the lock’s parent as a container node, which the server may delete once its last child is gone, so a later holder can get a smaller suffix than an earlier one. The node’s data version does not work either: every new lock node starts at version 0, whoever holds it.',
    ],
    afterRun: [
      'Curator’s note ends there, with both clients acting as the holder. ZooKeeper cannot reach the resource, so what A’s late write does is decided by the resource alone: by whether it compares czxids, B’s being the larger, or checks nothing.',
    ],
  },
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
      summary: 'The resource checks nothing.',
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
      summary: 'The resource keeps the highest zxid it has seen and compares each write’s with it.',
      scenario: {
        leaseSeconds: 3,
        firstToken: 4711,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: HIGHEST_SEEN.setting() },
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
    'A resource that keeps the highest czxid it has seen can tell a late holder from the current one, whatever the pause. The sequential suffix and the data version cannot take its place: the first can go backwards, the second starts at 0 for every holder.',
  ],
  sources: [
    {
      title: 'Apache Curator, Tech Note 10: JVM pauses and session timeouts',
      url: 'https://cwiki.apache.org/confluence/display/CURATOR/TN10',
      check: 'checked',
      note: 'Checked: the 3 s timeout, the 10 s GC, the deleted ephemeral node, B gaining the lock, the 60 s default, locks counted as lost while the connection is SUSPENDED, and the edge case that always remains.',
      cite: [
        'zookeeper-session.tn10-story',
        'zookeeper-session.tn10-advice',
        'zookeeper-session.tn10-edge-case',
        'zookeeper-session.tn10-suspended',
      ],
    },
    {
      title:
        'ZooKeeper Programmer’s Guide: data model (zxid, stat structure, sequence nodes, container nodes)',
      url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html',
      check: 'checked',
      note: 'Read in apache/zookeeper at commit 53a78e3 (the guide’s source): zxids order every change; czxid is the zxid of the change that created a znode; the sequence counter is a signed int kept by the parent and overflows past 2147483647; an empty container node may be deleted by the server.',
      cite: [
        'zookeeper-session.czxid-order',
        'zookeeper-session.sequence-counter',
        'zookeeper-session.container-parent',
      ],
    },
    {
      title:
        'Apache Curator: StandardLockInternalsDriver.java (how InterProcessMutex creates its node)',
      url: 'https://github.com/apache/curator/blob/master/curator-recipes/src/main/java/org/apache/curator/framework/recipes/locks/StandardLockInternalsDriver.java',
      check: 'checked',
      note: 'Read at commit 88dee99: the lock node is EPHEMERAL_SEQUENTIAL and created with creatingParentContainersIfNeeded().',
      cite: 'zookeeper-session.curator-container',
    },
  ],
  unchecked: [
    'Using the lock node’s czxid as the token is our addition; Tech Note 10 does not propose a check at the resource. Real zxids jump by more than one between the two grants: only their order matters here.',
  ],
};
