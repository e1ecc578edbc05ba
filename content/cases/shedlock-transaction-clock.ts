import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseEvent, CaseFile, CaseRun } from './types';

const SHEDLOCK = 'https://github.com/lukas-krecan/ShedLock';
const JDBC = `${SHEDLOCK}/blob/master/providers/jdbc`;

/** Both runs: a lock by time alone (no token), judged by PostgreSQL's transaction clock, now(). */
const SETTINGS: CaseRun['scenario'] = {
  design: 'ttl-only',
  leaseSeconds: 60,
  timeSource: 'transaction',
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
  terms: { holders: { A: 'instance 1', B: 'instance 2' }, resource: 'invoice run' },
};

/**
 * Issue #231's setting: no usingDbTime(), so each instance's lock statement sends its own
 * clock, claims included; instance 1's clock is three minutes behind instance 2's.
 */
const APP_CLOCKS: CaseRun['scenario'] = {
  ...SETTINGS,
  timeSource: 'application',
  workers: [{ id: 'A', clockOffset: -180 }, { id: 'B' }],
};

/** Instance 2 runs the task: its one write, to a target that checks nothing. */
const I2_RUNS: CaseEvent = {
  id: 'i2-runs',
  kind: 'gateway-write',
  worker: 'B',
  resource: 'invoices',
  body: 'invoices sent by instance 2',
  outcome: 'applied',
};

/** Instance 1 runs the task: its one write, to a target that checks nothing. */
const I1_RUNS: CaseEvent = {
  id: 'i1-runs',
  kind: 'gateway-write',
  worker: 'A',
  resource: 'invoices',
  body: 'invoices sent by instance 1',
  outcome: 'applied',
};

/** Case 11: ShedLock's lock taken inside a transaction that began earlier (PostgreSQL's now()). */
export const SHEDLOCK_CASE: CaseFile = {
  id: 'shedlock-transaction-clock',
  number: 11,
  title: 'ShedLock and a transaction’s clock',
  system: 'ShedLock’s jOOQ lock provider on PostgreSQL (lukas-krecan/ShedLock #3577, #3682)',
  tokenName: 'none: lock_until and locked_by only',
  account: {
    beforeRun: [
      'ShedLock keeps a scheduled task from running on several instances at once. Every instance fires the same schedule; each tries to take a row in a shedlock table with one statement: set lock_until to now plus lockAtMostFor, locked_at to now and locked_by to its host name, where lock_until is not after now. The instance whose statement changed the row runs the task; the others skip it. There is no token: the lock is protected by time alone.',
      'Which clock is “now” decides everything. Without usingDbTime() the JDBC provider passes each application server’s own clock, and the README says ShedLock assumes the nodes’ clocks are synchronized. With database time, and in the jOOQ provider, now is the database’s current timestamp, which PostgreSQL fixes at the start of the transaction.',
      'The jOOQ provider ran its statement in whatever transaction its connection was already in. Issues #231, #3577 and #3682 are about what these clocks did to the lock.',
    ],
    afterRun: [
      'In #231 two nodes three minutes apart both took the lock; the maintainer confirmed it.',
      'In #3577 two instances both logged that they held one lock within the same second and both ran the task. #3682 reproduced the mechanism: when the lock statement joins a transaction that began earlier, now() is that transaction’s start, so lock_until is already in the past and the lock expires the moment it is taken. The next instance takes it at once.',
    ],
  },
  cast: [
    {
      lane: 'A',
      is: 'instance 1 (in the first run only, its connection already has a transaction open since t=0)',
    },
    { lane: 'B', is: 'instance 2, its lock statement in a transaction of its own' },
    { lane: 'invoices', is: 'what the scheduled task does (gateway lane)' },
  ],
  predict: 'lockAtMostFor is 60 s. Which locks and which task writes land?',
  runs: [
    {
      id: 'lock-in-open-transaction',
      label: 'The lock joins a transaction open since t=0',
      pattern: 'time-only',
      predict:
        'lockAtMostFor is 60 s. Instance 1 takes the lock at t=90 inside a transaction that began at t=0; instance 2 tries at t=90 too, in a transaction of its own. Which locks and which task writes land?',
      summary:
        'now() in A’s transaction reads 0, so A’s lock ends at 60, already past when it is taken at 90.',
      scenario: SETTINGS,
      events: [
        {
          id: 'tx-begins',
          kind: 'long-transaction',
          worker: 'A',
          note: 'a transaction that began before the scheduled method',
        },
        { id: 'schedule', kind: 'advance', seconds: 90, note: 'the schedule fires on both' },
        { id: 'i1-locks', kind: 'claim', worker: 'A', note: 'now() reads 0', outcome: 'applied' },
        { id: 'i2-locks', kind: 'claim', worker: 'B', note: 'now() reads 90', outcome: 'applied' },
        I1_RUNS,
        I2_RUNS,
      ],
    },
    {
      id: 'lock-in-own-transaction',
      label: 'The lock in a transaction of its own',
      pattern: 'time-only',
      predict:
        'lockAtMostFor is 60 s. Instance 1 takes the lock at t=90 in a transaction that begins with its lock statement; instance 2 tries at t=90 too. Which locks and which task writes land?',
      summary:
        'A’s lock statement runs in a new transaction, so now() reads 90 and the lock lasts until 150.',
      scenario: SETTINGS,
      events: [
        { id: 'schedule', kind: 'advance', seconds: 90, note: 'the schedule fires on both' },
        { id: 'i1-locks', kind: 'claim', worker: 'A', note: 'now() reads 90', outcome: 'applied' },
        { id: 'i2-locks', kind: 'claim', worker: 'B', outcome: 'refused' },
        I1_RUNS,
      ],
    },
    {
      id: 'each-node-own-clock',
      label: 'Each instance’s own clock, three minutes apart (#231)',
      pattern: 'time-only',
      predict:
        'lockAtMostFor is 60 s, and each instance sends its own clock instead of the database’s: instance 1’s runs 180 s behind instance 2’s. Instance 1 takes the lock at t=200 (its clock reads 20); instance 2 tries at t=210. Which locks and which task writes land?',
      summary:
        'Instance 1’s clock is 180 s behind: the lock it takes at 200 ends at 80 by its own clock, which instance 2’s clock passed long ago.',
      scenario: APP_CLOCKS,
      events: [
        { id: 'schedule', kind: 'advance', seconds: 200, note: 'the schedule fires on instance 1' },
        {
          id: 'i1-locks',
          kind: 'claim',
          worker: 'A',
          note: 'its clock reads 20: lock_until 80',
          outcome: 'applied',
        },
        { id: 'soon-after', kind: 'advance', seconds: 10 },
        {
          id: 'i2-locks',
          kind: 'claim',
          worker: 'B',
          note: 'its clock reads 210',
          outcome: 'applied',
        },
        I1_RUNS,
        I2_RUNS,
      ],
    },
  ],
  fixed: [
    'ShedLock 7.9.0 lets the jOOQ provider run its statements through a NewTransactionRunner, and the README asks anyone whose DSLContext takes part in Spring transactions to use SpringNewTransactionRunner, so the lock runs in a PROPAGATION_REQUIRES_NEW transaction of its own. The JDBC provider already runs each lock statement that way; the reporter of #3577 moved to it with usingDbTime().',
    'A transaction of its own makes now() the statement’s time, and database time makes every instance read one clock. It is still a lock by time only: a task that outlives lockAtMostFor, or a pause, lets a second instance in, and nothing checks the first one’s writes. The README says so under its caveats.',
  ],
  sources: [
    {
      title: 'ShedLock README: usingDbTime, the jOOQ provider’s transactions, caveats',
      url: `${SHEDLOCK}#readme`,
      check: 'checked',
      note: 'Read at commit 2495b14: ShedLock assumes synchronized node clocks; usingDbTime() uses the DB server clock; a jOOQ DSLContext in Spring transactions may run ShedLock inside the enclosing one, so use SpringNewTransactionRunner; clock differences or a task longer than lockAtMostFor can run a task twice.',
      cite: [
        'shedlock-transaction-clock.clocks-synchronized',
        'shedlock-transaction-clock.db-time',
        'shedlock-transaction-clock.jooq-enclosing',
      ],
    },
    {
      title: 'ShedLock: providers/jdbc/shedlock-provider-jooq/…/JooqStorageAccessor.java',
      url: `${JDBC}/shedlock-provider-jooq/src/main/java/net/javacrumbs/shedlock/provider/jooq/JooqStorageAccessor.java`,
      check: 'checked',
      note: 'Read at commit 2495b14: the lock update sets lock_until to now + lockAtMostFor where lock_until <= now, now being jOOQ’s current timestamp, inside dslContext.transactionResult run by a NewTransactionRunner (by default in the caller’s transaction).',
      cite: 'shedlock-transaction-clock.jooq-update',
    },
    {
      title:
        'ShedLock: JdbcTemplateStorageAccessor.java and PostgresSqlServerTimeStatementsSource.java',
      url: `${JDBC}/shedlock-provider-jdbc-template/src/main/java/net/javacrumbs/shedlock/provider/jdbctemplate/JdbcTemplateStorageAccessor.java`,
      check: 'checked',
      note: 'Read at commit 2495b14: the JDBC provider runs every lock statement with PROPAGATION_REQUIRES_NEW; with usingDbTime() on PostgreSQL its now is timezone(utc, CURRENT_TIMESTAMP), the transaction’s start, which in a new transaction is the statement’s time.',
      cite: 'shedlock-transaction-clock.jdbc-requires-new',
    },
    {
      title: 'lukas-krecan/ShedLock issue #231: Node time is not synchronized, Jdbc lock will fail',
      url: `${SHEDLOCK}/issues/231`,
      check: 'checked',
      note: 'Read in the issue thread: node 2’s clock three minutes ahead of node 1’s, the JDBC provider’s UPDATE comparing lock_until with the node’s own now, so node 2 takes a lock node 1 has just taken; the maintainer answers that it is indeed the case.',
      cite: 'shedlock-transaction-clock.issue-231',
    },
    {
      title: 'lukas-krecan/ShedLock issues #3577 and #3682 (two instances holding one lock)',
      url: `${SHEDLOCK}/issues/3682`,
      check: 'checked',
      note: 'Read in the issue threads: #3577 reports two pods locking within the same second and both running the task, and its reporter’s switch to the JDBC provider with usingDbTime(); #3682 reproduces lock_until computed from the start of an older transaction that the DSLContext shares.',
      cite: ['shedlock-transaction-clock.issue-3577', 'shedlock-transaction-clock.issue-3682'],
    },
    {
      title: 'PostgreSQL documentation: Current Date/Time',
      url: 'https://www.postgresql.org/docs/current/functions-datetime.html#FUNCTIONS-DATETIME-CURRENT',
      check: 'checked',
      note: 'Read in the documentation’s source (func.sgml) as patched in 2006, when clock_timestamp() was added, and in a later documentation patch: now() and CURRENT_TIMESTAMP give the start of the current transaction, clock_timestamp() the actual current time.',
      cite: 'shedlock-transaction-clock.postgres-now',
    },
  ],
  unchecked: [
    'The reporter of #3577 answered that their transaction did not start before the scheduled method, so whether an older transaction caused their duplicate runs is open; the mechanism shown here is the one #3682 reproduces.',
    'That jOOQ renders its current timestamp as PostgreSQL’s transaction-start time was not checked in jOOQ’s source here.',
    'Issue #231 gives the three minutes, not when each instance fired: the order here (instance 1 locks first, instance 2 ten seconds later) is ours, picked to show a lock taken by the slower clock looking over at once to the faster one.',
    'The times (a transaction 90 s old, lockAtMostFor 60 s) are ours; the unlock at the end of a task is left out, and the task’s work is drawn as one write to an unchecked target.',
  ],
};
