/** The file name the learner's program runs under, so its frames can be told apart in a trace. */
export const PROGRAM_FILE = 'claim-lab-program.js';
const FRAME = new RegExp(`${PROGRAM_FILE.replace('.', '\\.')}:(\\d+):(\\d+)`);
const FRAMES = new RegExp(FRAME.source, 'g');

/*
 * The program runs in QuickJS (engine.ts) as one function whose opening sits on the program's
 * first line, so a frame's line is the learner's line. QuickJS writes frames as
 * "    at claim (claim-lab-program.js:29:18)".
 */

/** The last (outermost) frame of the learner's program in a stack trace, as a program line. */
export function outermostLine(stack: string | undefined): number | null {
  const all = stack ? [...stack.matchAll(FRAMES)] : [];
  const last = all.at(-1);
  return last ? Number(last[1]) : null;
}

/** The first frame of the learner's program in a stack trace, as a program line. */
export function programPosition(
  stack: string | undefined,
): { line: number; column: number } | null {
  const match = stack ? FRAME.exec(stack) : null;
  if (!match) return null;
  return { line: Number(match[1]), column: Number(match[2]) };
}

/**
 * Where a runaway recursion recurses: the program line that appears most often in the trace.
 * The first frame is wherever the stack happened to run out (often a function's first line).
 */
export function recursionPosition(
  stack: string | undefined,
): { line: number; column: number } | null {
  const counts = new Map<string, number>();
  for (const match of stack ? stack.matchAll(FRAMES) : [])
    counts.set(`${match[1]}:${match[2]}`, (counts.get(`${match[1]}:${match[2]}`) ?? 0) + 1);
  let best: string | null = null;
  for (const [key, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0)) best = key;
  if (best === null) return null;
  const [line, column] = best.split(':').map(Number);
  return { line, column };
}
