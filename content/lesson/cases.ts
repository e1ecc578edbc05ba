import type { MigrationCase } from './types';

export const CASES_LEAD = [
  'Start by naming what changed; then sort the premises of the original design into those that still hold and those that broke. The cases are worked deductions that carry the principle over to a new problem. Write your prediction first: the derivation opens after you have saved one, or said you do not know yet.',
] as const;

export const MIGRATION_CASES: readonly MigrationCase[] = [
  {
    id: 'case-remote-report',
    cite: 'lesson.http-if-match',
    title: 'Task state is local, the report file is remote',
    changedCondition: 'Submitting the result overwrites a report file in remote storage.',
    question:
      "The database turns away the stale worker's done. How can the report file in remote storage still end up with that worker's content?",
    derivation: [
      "Ask first which write decides what readers see. If it is the file itself, the object store has to judge that write, and the database's refusal of A's done comes after the damage: A uploaded before it tried to finish. Better to make the deciding write one the fence already covers. Upload each report as an immutable version under a name of its own, then let a trusted committer, which checks the generation in the run row, switch the official reference to it. A stale worker can still upload: its version becomes an orphan draft, never the official report, and garbage collection later removes orphans by their state.",
      "If the file must be overwritten in place, the store's own condition has to be a fence. A conditional PUT (If-Match on the object's ETag) is not a fence by itself: a stale worker that reads the current version just before writing passes it. Remembering the ETag at claim time does not help either when nothing wrote the object between the two claims: A and B then expect the same ETag, the first to write wins even if it is stale A, and B gets 412. The version check fences only if every claim changes the object's version (the claim writes its generation into the object), or if the object stores the fence token and the storage side compares it. Either way, protecting the local row alone never protects the object store.",
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
      'Count what an hour buys. Ordinary expiries become rare, but a worker that really died now keeps the task for up to an hour before anyone may take over, and a pause longer than an hour (a suspended virtual machine, a long partition) still gets through. The TTL alone never makes the system safe.',
      'Keep the lease short and renew it while the call runs, but tie each renewal to progress, or cap the total run time: a heartbeat that renews whether or not anything moves keeps a hung worker in charge for ever. The first failed renewal stops new actions, and the token is still checked at commit.',
      'A write that was already issued cannot be called back, so the target itself has to turn it away: a conditional write that compares the generation. An idempotency key at the target only keeps one action from landing twice; it does not refuse a stale worker.',
    ],
    unchangedPrinciple:
      'The lease length tunes liveness and how fast faults are recovered; safety against the old worker comes from checking at commit.',
  },
];
