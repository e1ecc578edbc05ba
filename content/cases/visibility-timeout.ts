import { HIGHEST_SEEN } from '@/lib/lease';
import { PLAIN_TARGETS as PLAIN } from '@/content/timeline/plain-targets';
import type { CaseFile } from './types';

/** Case 8: visibility timeouts (Celery/kombu, Sidekiq). */
export const VISIBILITY_CASE: CaseFile = {
  id: 'visibility-timeout',
  number: 8,
  title: 'Visibility timeouts',
  system: 'Celery on Redis (kombu #337, celery #2599) and Sidekiq Pro (#4611, #3476)',
  tokenName: 'delivery (none is numbered)',
  account: {
    beforeRun: [
      'A broker that hands a task to a worker does not know when the worker is done until it acknowledges. With Celery on Redis, the delivered task sits in an “unacked” set with the time it was handed out. If it is not acknowledged within the visibility timeout (an hour by default), the broker puts it back on the queue for another worker. kombu #337 and celery #2599 are about a task still in the first worker’s memory at that point, for example because its ETA lies further ahead than the timeout.',
      'Sidekiq Pro met the same shape, under fetch strategies that take a job back and hand it out again.',
      'None of these brokers hands the worker a token that grows with each delivery: the second copy carries the same task or job id as the first.',
    ],
    afterRun: [
      'In the Celery reports a second worker takes the task and both run it.',
      'In Sidekiq Pro’s #3476 a job of more than two hours, under a fetch strategy that recovered jobs after an hour, started three times and finished three times, all under one job id. In #4611 a recovery mechanism picked a job up again seconds after it was fetched, and both copies ran to completion.',
      'Both copies finish, and whatever they write is written twice.',
    ],
  },
  cast: [
    { lane: 'A', is: 'worker 1 (first delivery)' },
    { lane: 'B', is: 'worker 2 (the task redelivered)' },
    { lane: 'mailer', is: 'what the task does (gateway lane)' },
  ],
  predict:
    'The task outlives the visibility timeout and is delivered again. Which completions land?',
  runs: [
    {
      id: 'both-complete',
      label: 'Acknowledged by task id',
      pattern: 'no-fencing',
      summary: 'The completion matches the task id alone, and the mailer checks nothing.',
      scenario: {
        design: 'finish-on-run-id',
        leaseSeconds: 3600,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: { ...PLAIN, gatewayCheck: { kind: 'none' } },
        terms: { token: 'delivery', holders: { A: 'worker 1', B: 'worker 2' }, resource: 'mailer' },
      },
      events: [
        {
          id: 'w1-gets',
          kind: 'claim',
          worker: 'A',
          note: 'delivered; ETA far ahead',
          outcome: 'applied',
        },
        {
          id: 'timeout',
          kind: 'advance',
          seconds: 3600,
          note: 'the one-hour visibility timeout is up',
        },
        { id: 'w2-gets', kind: 'claim', worker: 'B', note: 'redelivered', outcome: 'applied' },
        {
          id: 'w1-sends',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w1-acks', kind: 'finish', worker: 'A', outcome: 'applied' },
        {
          id: 'w2-sends',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w2-acks', kind: 'finish', worker: 'B', outcome: 'applied' },
      ],
    },
    {
      id: 'lesson-design',
      label: 'With the lesson’s design',
      pattern: 'fenced',
      summary: 'Each delivery is a claim with a fence; the completion and the mailer check it.',
      scenario: {
        leaseSeconds: 3600,
        workers: [{ id: 'A' }, { id: 'B' }],
        targets: {
          objectStore: 'overwrite',
          gateway: 'at-takeover',
          gatewayCheck: HIGHEST_SEEN.setting(),
        },
        terms: { token: 'delivery', holders: { A: 'worker 1', B: 'worker 2' }, resource: 'mailer' },
      },
      events: [
        { id: 'w1-gets', kind: 'claim', worker: 'A', outcome: 'applied' },
        { id: 'timeout', kind: 'advance', seconds: 3600 },
        { id: 'w2-gets', kind: 'claim', worker: 'B', outcome: 'applied' },
        { id: 'w2-registers', kind: 'register', worker: 'B', resource: 'mailer' },
        {
          id: 'w1-sends',
          kind: 'gateway-write',
          worker: 'A',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'refused',
        },
        { id: 'w1-acks', kind: 'finish', worker: 'A', outcome: 'refused' },
        {
          id: 'w2-sends',
          kind: 'gateway-write',
          worker: 'B',
          resource: 'mailer',
          body: 'reminder email',
          outcome: 'applied',
        },
        { id: 'w2-acks', kind: 'finish', worker: 'B', outcome: 'applied' },
      ],
    },
  ],
  fixed: [
    'Celery’s documentation warns that a task not acknowledged within the visibility timeout is delivered to another worker and run again, and asks users to raise the timeout to the longest ETA they plan to use; Sidekiq’s maintainer answered #3476 with “switch to super_fetch”, a fetch whose recovery is meant for the jobs of processes that died, though #4611 shows it taking back a job that a live worker had fetched seconds before. Both make the race rarer; neither makes a second copy’s effects safe.',
    'With a fence per delivery, the stale copy’s completion and its effect are refused. Effects that cannot be fenced need an idempotency key.',
  ],
  sources: [
    {
      title:
        'celery/kombu #337: Redis transport causes multiple Celery job runs if eta exceeds visibility timeout',
      url: 'https://github.com/celery/kombu/issues/337',
      check: 'checked',
      note: 'Checked: the unacked set is scored with the delivery time and restored after the visibility timeout while the task is still in a worker’s memory.',
      cite: 'visibility-timeout.kombu-337',
    },
    {
      title: 'celery/celery #2599: Long ETA tasks executed multiple times on Redis broker',
      url: 'https://github.com/celery/celery/issues/2599',
      check: 'checked',
      note: 'Checked: tasks ran several times despite a raised visibility_timeout.',
      cite: 'visibility-timeout.celery-2599',
    },
    {
      title: 'Celery documentation: Using Redis (visibility timeout and its caveats)',
      url: 'https://docs.celeryq.dev/en/stable/getting-started/backends-and-brokers/redis.html',
      check: 'checked',
      note: 'Read in stored copies of the page’s source (redis.rst): the default visibility timeout for Redis is one hour; a task not acknowledged within it is redelivered to another worker and run; raise the timeout to the longest ETA you plan to use.',
      cite: ['visibility-timeout.celery-default', 'visibility-timeout.celery-caveat'],
    },
    {
      title: 'sidekiq/sidekiq #4611: SuperFetch seems overly aggressive',
      url: 'https://github.com/sidekiq/sidekiq/issues/4611',
      check: 'checked',
      note: 'Checked: a job recovered 3 seconds after it was fetched; both copies finished; the reporter cites the docs saying SuperFetch checks for orphaned jobs when Sidekiq boots.',
      cite: ['visibility-timeout.sidekiq-4611', 'visibility-timeout.superfetch-orphans'],
    },
    {
      title: 'sidekiq/sidekiq #3476: Job running multiple times',
      url: 'https://github.com/sidekiq/sidekiq/issues/3476',
      check: 'checked',
      note: 'Checked: a job over two hours started three times under one job id with timed_fetch, whose timeout is one hour; the maintainer’s answer was to switch to super_fetch.',
      cite: ['visibility-timeout.sidekiq-3476', 'visibility-timeout.sidekiq-switch'],
    },
  ],
  unchecked: [
    'The one-hour default visibility timeout was read in stored copies of the source of Celery’s Redis page, not on the published page.',
  ],
};
