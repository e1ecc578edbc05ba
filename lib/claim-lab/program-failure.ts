import { cutText, showMessage, shown, shownLine, type ShownText } from '@/lib/bounded';
import { LAB_LIMITS } from './limits';
import type { ProgramEngine } from './engine';
import { programPosition, recursionPosition } from './program-position';
import { stopLine, type StopLimit } from './stop-words';

/** What went wrong in a run, with the program line to mark when one is known. */
export interface LabError {
  kind: 'compile' | 'sql' | 'runtime' | 'output-limit' | 'memory' | 'time';
  /** Cut by the door: a program may throw 20 MB of text, the page shows its first part. */
  message: ShownText;
  line: number | null;
  column: number | null;
}

/**
 * A text read out of the program's engine: its first characters (cut inside the engine, so a
 * 20 MB string never crosses over whole) and its full length.
 */
export interface ClippedText {
  text: string;
  total: number;
}

/** What the program threw, as read out of its engine (vm-bridge.ts). */
export type Thrown =
  | { kind: 'error'; name: ClippedText; message: ClippedText; stack: string }
  | { kind: 'string'; text: ClippedText }
  /** Anything else: how print shows it, and its kind in words ("an object", "a number"). */
  | { kind: 'value'; shown: ClippedText; type: string };

/** A message of the lab's bounds: cut, and saying "Shown N of M characters" when it was. */
export function labMessage(text: string): ShownText {
  return showMessage(text, LAB_LIMITS.maxMessageChars);
}

/** labMessage for a text cut inside the engine: the count says how long it really was. */
function clippedMessage(clipped: ClippedText, maxChars = LAB_LIMITS.maxMessageChars): ShownText {
  const cut = cutText(clipped.text, maxChars);
  const line = shownLine(
    { shown: cut.chars.shown, total: Math.max(clipped.total, cut.chars.total), atLeast: false },
    'characters',
  );
  return (line ? `${cut.text} (${line})` : cut.text) as ShownText;
}

/**
 * What the program threw, as the lab reports it: a runaway recursion on the line that recurses,
 * any other error on its own line, and a thrown non-error with a word on how to get a line.
 * (Errors the harness threw at the program, SQL errors among them, are reported as the harness
 * recorded them; see run-program.ts.)
 */
export function describeThrown(thrown: Thrown): LabError {
  if (thrown.kind === 'error') {
    const overflow = /stack overflow|call stack/i.test(thrown.message.text.slice(0, 200));
    const at = overflow ? recursionPosition(thrown.stack) : programPosition(thrown.stack);
    return {
      kind: 'runtime',
      message: shown`${cutText(thrown.name.text, 100).text}: ${clippedMessage(thrown.message)}`,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
  }
  const what = thrown.kind === 'string' ? quoted(thrown.text) : clippedMessage(thrown.shown);
  const type = thrown.kind === 'string' ? 'a string' : thrown.type;
  return {
    kind: 'runtime',
    message: shown`Uncaught ${what}: the program threw ${labMessage(type)}, which carries no line number. Throw new Error(…) to see where it happened.`,
    line: null,
    column: null,
  };
}

/** A thrown string as the lab shows it: quoted, cut well below the message bound first. */
function quoted(text: ClippedText): ShownText {
  // Quoting can make a character six (\u0001).
  const cut = cutText(text.text, 250);
  const json = JSON.stringify(cut.text);
  return text.total > cut.chars.shown
    ? labMessage(
        `${json} (Shown ${cut.chars.shown.toLocaleString('en-US')} of ${text.total.toLocaleString('en-US')} characters.)`,
      )
    : labMessage(json);
}

/** The one line for a program its engine stopped at a time limit. */
export function timeFailure(limit: StopLimit): LabError {
  // No line: where an interrupted engine stood is not always where the program spun.
  return { kind: 'time', message: stopLine(limit, 'engine'), line: null, column: null };
}

/** The one line for a program that used all the memory its engine may have. */
export function memoryFailure(engine: ProgramEngine, line: number | null): LabError {
  const mb = Math.floor(engine.capBytes / (1024 * 1024));
  return {
    kind: 'memory',
    message: shown`Your program used more than ${mb} MB, all the memory the lab gives one run, so it was stopped; the page and the lab are fine. Keep fewer or smaller values (an array that grows in a loop that does not end?).`,
    line,
    column: null,
  };
}
