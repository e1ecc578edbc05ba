import { HIGHEST_SEEN } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import { clientsAndStorage, storageWrite } from './storage-clients';
import type { CaseFile, CaseRun } from './types';

/** Every run's settings: a 10 s lease, token 33 first, storage keeping the highest token seen. */
const SETTINGS: CaseRun['scenario'] = {
  leaseSeconds: 10,
  firstToken: 33,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { ...PLAIN, gatewayCheck: HIGHEST_SEEN.setting() },
  terms: clientsAndStorage('fencing token'),
};

/** Case 1: Kleppmann's paused client and the storage service. */
export const GC_PAUSE_CASE: CaseFile = {
  id: 'gc-pause-storage',
  number: 1,
  title: 'The GC pause and the storage write',
  system: 'A lock service in front of a storage service (Kleppmann, 2016)',
  tokenName: 'fencing token',
  account: {
    beforeRun: [
      'Martin Kleppmann used this story in 2016 to argue that a lock with a timeout cannot, by itself, keep two clients apart. Client 1 takes the lock and receives token 33. Then its process stops: a stop-the-world garbage collection, long enough for the lock’s lease to run out.',
      'The lock service, seeing no client 1, hands the lock to client 2 with token 34. Client 2 writes its data to the storage service. Client 1 knows none of this. When its process runs again it carries on from the line where it stopped and sends its own write, still with token 33.',
      'Whether that late write does damage depends only on the storage service, and on what storage knows when token 33 reaches it.',
    ],
    afterRun: [
      'In Kleppmann’s telling, storage has already processed a write carrying 34, so it rejects the request carrying 33: the client that was paused cannot overwrite client 2’s data. The lock service did nothing to stop it. The check at the storage service did, and only because a token higher than 33 had reached storage first.',
    ],
  },
  cast: [
    { lane: 'A', is: 'client 1' },
    { lane: 'B', is: 'client 2' },
    { lane: 'storage', is: 'the storage service (gateway lane)' },
  ],
  predict:
    'Client 1 wakes up with token 33 after client 2 got 34. For each write, will storage take it?',
  runs: [
    {
      id: 'storage-remembers',
      label: 'Storage remembers the highest token',
      pattern: 'fenced',
      summary: 'Client 2 writes first with 34, and storage keeps the highest token it has seen.',
      scenario: SETTINGS,
      events: [
        {
          id: 'c1-lock',
          kind: 'claim',
          worker: 'A',
          note: 'client 1 gets the lock, token 33',
          outcome: 'applied',
        },
        { id: 'c1-gc', kind: 'pause', worker: 'A', note: 'stop-the-world GC pause' },
        { id: 'lease-runs-out', kind: 'advance', seconds: 11, note: 'the 10 s lease runs out' },
        {
          id: 'c2-lock',
          kind: 'claim',
          worker: 'B',
          note: 'client 2 gets the lock, token 34',
          outcome: 'applied',
        },
        storageWrite('c2-write', 'B', 'data from client 2', 'applied'),
        { id: 'c1-wakes', kind: 'resume', worker: 'A', note: 'the GC pause ends' },
        storageWrite('c1-write', 'A', 'data from client 1', 'refused'),
      ],
    },
    {
      id: 'before-client-2-writes',
      label: 'Client 2 has not written yet',
      pattern: 'fenced',
      summary:
        'Client 1 writes once before its pause, and client 2 has not written when client 1 wakes.',
      scenario: SETTINGS,
      events: [
        { id: 'c1-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        storageWrite('c1-first', 'A', 'first part from client 1', 'applied'),
        { id: 'c1-gc', kind: 'pause', worker: 'A', note: 'stop-the-world GC pause' },
        { id: 'lease-runs-out', kind: 'advance', seconds: 11 },
        {
          id: 'c2-lock',
          kind: 'claim',
          worker: 'B',
          note: 'token 34, nothing written yet',
          outcome: 'applied',
        },
        { id: 'c1-wakes', kind: 'resume', worker: 'A' },
        storageWrite('c1-write', 'A', 'rest from client 1', 'applied'),
        storageWrite('c2-write', 'B', 'data from client 2', 'applied'),
      ],
    },
    {
      id: 'registered-at-takeover',
      label: 'Token 34 registered at takeover',
      pattern: 'fenced',
      summary: 'The lock service tells storage about 34 when it grants it, before anyone writes.',
      scenario: { ...SETTINGS, targets: { ...SETTINGS.targets, gateway: 'at-takeover' } },
      events: [
        { id: 'c1-lock', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'c1-gc', kind: 'pause', worker: 'A', note: 'stop-the-world GC pause' },
        { id: 'lease-runs-out', kind: 'advance', seconds: 11 },
        {
          id: 'c2-lock',
          kind: 'claim',
          worker: 'B',
          note: 'token 34',
          outcome: 'applied',
        },
        {
          id: 'c2-registers',
          kind: 'register',
          worker: 'B',
          resource: 'storage',
          note: 'the lock service tells storage about 34',
        },
        { id: 'c1-wakes', kind: 'resume', worker: 'A' },
        storageWrite('c1-write', 'A', 'data from client 1', 'refused'),
        storageWrite('c2-write', 'B', 'data from client 2', 'applied'),
      ],
    },
  ],
  fixed: [
    'The token has to grow with every grant, and the storage service has to check it on every write. The lock service alone cannot stop a client that does not know it has been paused.',
    'Checking only on writes leaves a window: until the new holder writes, the old token is the highest storage has seen. Registering the new token at the resource when the lock changes hands closes it.',
  ],
  sources: [
    {
      title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
      check: 'checked',
      note: 'Read in a stored copy of the post’s text: the tokens 33 and 34, the pause past the lease, and the storage server that remembers 34 and rejects the write with 33.',
      cite: [
        'gc-pause-storage.tokens-33-34',
        'gc-pause-storage.storage-checks',
        'gc-pause-storage.gc-pause',
      ],
    },
  ],
  unchecked: [
    'The 10-second lease is ours; the post does not depend on a particular length.',
    'The variant where client 2 has not written yet, and registration at takeover, are our extensions of the story.',
  ],
};
