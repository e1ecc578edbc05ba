/**
 * The ids a progress line counts, without the content they name. Home and the PRACTICE hub show
 * "2 of 4 challenges solved" on every visit; importing the exercises, scenarios, case files and
 * design catalogue themselves for that put their whole text in home's first load (+155 KiB of
 * JavaScript, measured on the export), and the learning paths' done-when lists did the same. `progress-index.test.ts` holds each list equal to the
 * content it stands for, so adding a case file without its id here fails the unit tests.
 */
export const CHALLENGE_IDS: readonly string[] = [
  'drop-one-condition',
  'fix-owner-only',
  'select-then-update',
  'renewal',
];

/** The "Drop one condition" challenge, the compare path's step. */
export const DROP_CHALLENGE_ID = 'drop-one-condition';

export const TIMELINE_SCENARIO_IDS: readonly string[] = [
  'acceptance',
  'old-owner-renews',
  'same-instant-claims',
  'clock-offset',
  'retry-same-operation',
  'complete-after-cancel',
  'remote-file-overwrite',
  'remote-file-versioned',
  'long-call-no-heartbeat',
  'long-call-heartbeat',
  'api-without-tokens',
  'gateway-first-write',
  'gateway-at-takeover',
];

export const CASE_FILE_IDS: readonly string[] = [
  'gc-pause-storage',
  'chubby-sequencer',
  'zookeeper-session',
  'etcd-lock-lease',
  'kafka-producer-epoch',
  'temporal-range-id',
  'oban-lifeline',
  'visibility-timeout',
  'kubernetes-leader-election',
  'redlock-random-value',
  'shedlock-transaction-clock',
  'hangfire-fetched-at',
];

export const DESIGN_IDS: readonly string[] = [
  'fenced',
  'ttl-only',
  'select-then-update',
  'random-token',
  'renew-without-token',
  'worker-side-check',
  'fence-per-batch',
  'finish-on-run-id',
  'finish-on-state',
  'cancel-without-fencing',
];

/** Each case file's variants, as the scenario ids their runs are scored under. */
export const CASE_FILE_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  'gc-pause-storage': [
    'case-1-storage-remembers',
    'case-1-before-client-2-writes',
    'case-1-registered-at-takeover',
  ],
  'chubby-sequencer': ['case-2-sequencer-checked', 'case-2-lock-delay-only'],
  'zookeeper-session': ['case-3-no-check', 'case-3-zxid-checked'],
  'etcd-lock-lease': ['case-4-txn-compare', 'case-4-external-store'],
  'kafka-producer-epoch': ['case-5-new-instance', 'case-5-timeout-no-rival'],
  'temporal-range-id': ['case-6-conditional-write', 'case-6-late-completion'],
  'oban-lifeline': [
    'case-7-every-run-lands',
    'case-7-attempt-checked',
    'case-7-window-longer-than-job',
  ],
  'visibility-timeout': ['case-8-both-complete', 'case-8-lesson-design'],
  'kubernetes-leader-election': ['case-9-two-leaders', 'case-9-transitions-checked'],
  'redlock-random-value': [
    'case-10-random-highest-seen',
    'case-10-random-check-and-set',
    'case-10-counter-highest-seen',
  ],
  'shedlock-transaction-clock': [
    'case-11-lock-in-open-transaction',
    'case-11-lock-in-own-transaction',
    'case-11-each-node-own-clock',
  ],
  'hangfire-fetched-at': ['case-12-fetched-at-compared', 'case-12-id-alone'],
};
