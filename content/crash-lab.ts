/** The crash lab's introduction: what the experiment is for, how to run it, what it proves. */

export const CRASH_LAB_INTRO = {
  question: 'When a worker process really dies, how does the run carry on?',
  lead: [
    'The earlier labs pause a worker and bring it back. Here it exits for good: the run goes through four steps (collect, draft, verify, publish), saves a checkpoint after each, and a worker dies at a fault point you pick, or when you press Kill. Once its lease has run out, a new worker claims the run with a higher fence and continues from the last checkpoint. The publish step writes to a separate publisher database, which must end with exactly one receipt.',
    'One experiment checks three things at once: the lease hands the run over, the checkpoint keeps finished work from being done again, and the publisher keeps its own receipt, so the effect lands once even when two workers reach the publish step.',
  ],
  /** The main path: the lab on this page, every worker a real Web Worker in this tab. */
  browserLead:
    'Everything below runs in this tab: the databases are SQLite in your browser and each worker is a real Web Worker. Try it in this order:',
  browserSteps: [
    'Under Workers, pick the fault point “after collect’s checkpoint” and press Start a worker. It dies after saving its first checkpoint; the run stays running, with collect saved.',
    'Watch the Lease column under Runs and leases until it reads expired, then set the fault point back to “none: run to the end” and start a second worker. It claims the run with fence 2 and carries on from the checkpoint: collect’s checkpoint still reads fence 1, so that work was not done again.',
    'Once the run is done, press Evaluate. Every property should hold, with one receipt in the publisher database.',
    'Press New experiment and pick the fault point “after the receipt, before checkpoint”. Before you start the worker, answer the prediction that appears: which steps will both workers start, and how many receipts will the publisher hold? Then run the takeover as before and press Evaluate: it grades your prediction against the databases. Your first graded prediction is the one the course counts.',
  ],
  commandsSummary: 'Optional: the same experiment in your own terminal',
  commandsLead:
    'Not needed for the lesson. With a checkout of this app on your machine, the same experiment runs with real processes and real SQLite files:',
  commands: [
    'npm run lab -- submit   --db crash.sqlite',
    'npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect',
    'npm run lab -- inspect  --db crash.sqlite',
    '# the first run exits with code 75; wait at least 2 seconds, then:',
    'npm run lab -- run      --db crash.sqlite',
    'npm run lab -- evaluate --db crash.sqlite',
  ],
  checks: [
    'The first inspect shows the run as running, with the collect checkpoint saved.',
    'After the lease has run out and the second run has finished: `run-0001 succeeded: fence 2`, its status is done, and collect was started only once.',
    'Run it again with `--fault after_effect` and check that the publisher database holds exactly one receipt.',
  ],
  sweep: {
    command: 'npm run lab -- sweep',
    why: 'Every fault point in a fresh process, as a table.',
  },
  /** The boundary's remark on conditional writes rests on HTTP's If-Match (docs/sources.md). */
  cite: 'crash-lab.if-match',
  boundary:
    'What this proves: the local protocol (lease, fence, checkpoints) survives a process that really exits, with the steps fixed as collect → draft → verify → publish. What it does not prove: that any remote service carries out an effect exactly once. The publisher here is a database we control that keeps receipts; a real remote service gives that guarantee only if it recognises a repeat itself. Two common ways: it stores an idempotency key and answers a repeat with the first result, or the write is conditional on the version it expects (HTTP’s If-Match, a compare-and-set) and the first write moved that version, so the repeat fails its condition and the sender has to read back to learn that its own write landed. A fence alone does not: it turns away a writer with an older fence, but a retry from the current holder, or a resend after a lost reply, carries the current fence, passes it and lands twice.',
} as const;

/**
 * The graded prediction before a worker with a fault starts (lib/crashlab's gradePrediction
 * grades it when the experiment is evaluated; lib/progress counts the first one).
 */
export const CRASH_PREDICTION = {
  legend: 'Predict before you start (graded: your first graded prediction is your first try)',
  setting:
    'This worker dies at the fault point you picked. Once its lease has run out, start a second worker with no fault: it takes the run over and finishes it. Then press Evaluate, and your prediction is graded against the databases.',
  againQuestion: 'Which steps will have been started twice, once by each worker?',
  againNone: 'Leave all four unticked for none.',
  receiptsQuestion: 'How many receipts will the publisher hold for the run?',
  unpredicted:
    'No prediction yet: choose how many receipts to make this run a graded prediction. You can still start it without one.',
} as const;
