import type { MigrationCase } from './types';

export const CASES_LEAD = [
  'First find the condition that changed, then decide which premises of the original design still hold. These cases are teaching deductions: they carry the principle over to a new problem.',
] as const;

export const MIGRATION_CASES: readonly MigrationCase[] = [
  {
    id: 'case-remote-report',
    title: 'Task state is local, the report file is remote',
    changedCondition: 'Submitting the result overwrites a report file in remote storage.',
    question:
      "The database refuses the old worker's done, so why is the file still overwritten by the old worker?",
    derivation: [
      'Refusing the local commit comes too late: the side effect happened before it. The remote write needs its own protection: a version condition on the object, a fence checked by the storage side, or writing an immutable version first and letting a trusted committer switch the official reference to it.',
      'With that, an old worker can still leave an orphan draft behind, but it cannot replace the current official reference; garbage collection removes orphans by their state. Protecting only the local row does not protect the object store.',
    ],
    unchangedPrinciple:
      'The check of the right to execute must cover the resource where the effect actually happens.',
  },
  {
    id: 'case-long-model-call',
    title: 'A long task under a short lease',
    changedCondition: 'A single model call takes longer than the lease.',
    question: 'Is it safe to raise the lease to one hour?',
    derivation: [
      'A longer lease means fewer ordinary expiries, but also a slower takeover after a worker is really lost, and a pause can still last longer than an hour. Renew with an independent heartbeat, stop starting new actions as soon as authority is lost, and keep checking the token at commit.',
      'If a write that was already issued cannot be interrupted, the target still needs idempotency or a conditional commit. The TTL alone never makes the system safe.',
    ],
    unchangedPrinciple:
      'The lease length tunes liveness and how fast faults are recovered; safety against the old worker comes from checking at commit.',
  },
];
