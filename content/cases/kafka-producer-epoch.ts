import { HIGHEST_SEEN, RUN_ROW } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 5: Kafka zombie producers. */
export const KAFKA_CASE: CaseFile = {
  id: 'kafka-producer-epoch',
  number: 5,
  title: 'Kafka zombie producers',
  system: 'Apache Kafka transactions (transactional.id, producer epochs, KIP-588)',
  tokenName: 'producer epoch',
  account: {
    beforeRun: [
      'A transactional Kafka producer has a transactional.id that survives restarts. When a producer instance starts with that id, the transaction coordinator bumps the producer epoch. A paused instance that wakes up after its replacement started is called a “zombie”: it still holds the older epoch, and it carries on sending.',
      'The epoch can also move with no rival at all. If a transaction stays open longer than its timeout, for instance because the producer was partitioned or paused, the coordinator aborts it and bumps the epoch.',
    ],
    afterRun: [
      'From the bump on, the coordinator refuses transactional requests carrying an older epoch, and so does a partition leader once the new epoch has reached it: the old instance gets ProducerFencedException and must close. The epoch is what stops a zombie.',
      'After a transaction timeout the producer comes back and is told it was fenced, although no other instance exists. KIP-588 proposed letting the producer recognise this case and continue under the bumped epoch instead of being torn down.',
    ],
  },
  cast: [
    { lane: 'A', is: 'producer instance 1 (transactional.id “orders-app”)' },
    { lane: 'B', is: 'producer instance 2, same transactional.id' },
    { lane: 'orders-0', is: 'a partition (gateway lane)' },
    { lane: 'run row', is: 'the transaction coordinator’s state for the id' },
  ],
  predict:
    'Instance 1 pauses with producer epoch 5; instance 2 starts and gets epoch 6. Which of instance 1’s sends and its commit go through?',
  runs: [
    {
      id: 'new-instance',
      label: 'A new instance bumps the epoch',
      pattern: 'fenced',
      summary: 'Instance 2’s start registers epoch 6 at the coordinator and the partition.',
      scenario: {
        leaseSeconds: 60,
        firstToken: 5,
        workers: [{ id: 'A' }, { id: 'B', restartOf: 'A' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: HIGHEST_SEEN.setting(),
        },
        terms: {
          token: 'producer epoch',
          holders: { A: 'producer instance 1', B: 'producer instance 2' },
          resource: 'partition orders-0',
        },
      },
      events: [
        {
          id: 'p1-init',
          kind: 'claim',
          worker: 'A',
          note: 'initTransactions: producer epoch 5',
          outcome: 'applied',
        },
        {
          id: 'p1-send',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'orders-0',
          body: 'order 1',
          outcome: 'applied',
        },
        { id: 'p1-pause', kind: 'pause', worker: 'A', note: 'a long GC pause' },
        { id: 'time-passes', kind: 'advance', seconds: 61 },
        {
          id: 'p2-init',
          kind: 'claim',
          worker: 'B',
          note: 'initTransactions: producer epoch 6',
          outcome: 'applied',
        },
        {
          id: 'p2-registers',
          kind: 'register',
          worker: 'B',
          resource: 'orders-0',
          note: 'the coordinator’s markers carry epoch 6 to the partition',
        },
        { id: 'p1-wakes', kind: 'resume', worker: 'A' },
        {
          id: 'p1-send-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'orders-0',
          body: 'order 2',
          outcome: 'refused',
        },
        {
          id: 'p1-commit',
          kind: 'finish',
          worker: 'A',
          note: 'commitTransaction',
          outcome: 'refused',
        },
        {
          id: 'p2-send',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'orders-0',
          body: 'order 2',
          outcome: 'applied',
        },
        { id: 'p2-commit', kind: 'finish', worker: 'B', outcome: 'applied' },
      ],
    },
    {
      id: 'timeout-no-rival',
      label: 'A transaction timeout, no rival',
      pattern: 'fenced',
      predict:
        'Instance 1 sends order 1 under producer epoch 5, then is cut off from the cluster for longer than its transaction timeout (60 s here). No other instance starts. Does its next send go through, and its commit?',
      summary: 'Nobody else starts: the coordinator aborts the timed-out transaction on its own.',
      scenario: {
        leaseSeconds: 60,
        firstToken: 5,
        workers: [{ id: 'A' }],
        targets: { ...PLAIN, gatewayCheck: RUN_ROW.setting() },
        terms: {
          token: 'producer epoch',
          holders: { A: 'producer instance 1' },
          resource: 'partition orders-0',
        },
      },
      events: [
        { id: 'p1-init', kind: 'claim', worker: 'A', note: 'producer epoch 5', outcome: 'applied' },
        {
          id: 'p1-send',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'orders-0',
          body: 'order 1',
          outcome: 'applied',
        },
        { id: 'p1-pause', kind: 'pause', worker: 'A', note: 'partitioned from the cluster' },
        { id: 'timeout', kind: 'advance', seconds: 61, note: 'transaction.timeout.ms passes' },
        {
          id: 'coordinator-aborts',
          kind: 'cancel',
          note: 'the coordinator aborts and bumps the epoch',
          outcome: 'applied',
        },
        { id: 'p1-wakes', kind: 'resume', worker: 'A' },
        {
          id: 'p1-send-2',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'orders-0',
          body: 'order 2',
          outcome: 'refused',
        },
        {
          id: 'p1-commit',
          kind: 'finish',
          worker: 'A',
          note: 'commitTransaction, no rival started',
          outcome: 'refused',
        },
      ],
    },
  ],
  fixed: [
    'Kafka requires one thing of its users: give each logical producer a stable transactional.id. The coordinator then fences every older instance by epoch, and a fenced producer must be closed, never retried.',
    'KIP-588 is about the second run: it proposes that a producer whose transaction timed out may take the bumped epoch and go on, since nobody else holds it.',
  ],
  sources: [
    {
      title: 'Apache Kafka javadoc (4.2), org.apache.kafka.common.errors',
      url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/ProducerFencedException.html',
      check: 'checked',
      note: 'Checked: another producer with the same transactional.id started; the latest one fences the previous ones; close the fenced instance.',
      cite: 'kafka-producer-epoch.fenced',
    },
    {
      title: 'KIP-588: Allow producers to recover gracefully from transaction timeouts',
      url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-588:+Allow+producers+to+recover+gracefully+from+transaction+timeouts',
      check: 'checked',
      note: 'Checked: the coordinator bumps the epoch for a new instance and on a transaction timeout; the producer then sees ProducerFenced without a rival.',
      cite: [
        'kafka-producer-epoch.timeout-bump',
        'kafka-producer-epoch.kip-588',
        'kafka-producer-epoch.partition-epoch',
      ],
    },
  ],
  unchecked: [
    'In Kafka a new instance fences the old one at once; our model’s claim waits for the 60-second lease (we use the transaction timeout), so time passes first.',
    'In the second run the partition asks the coordinator’s state (a run-row check). In Kafka the abort markers carry the bumped epoch to each partition; the effect on the late send is the same.',
  ],
  checkDesign: 'fenced',
};
