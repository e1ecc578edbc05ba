import { parse } from 'sucrase/dist/parser/index.js';
import { ContextualKeyword } from 'sucrase/dist/parser/tokenizer/keywords.js';
import { TokenType as T } from 'sucrase/dist/parser/tokenizer/types.js';

/*
 * Issue 42 (review): an error thrown in a program's async code used to end in a rejected promise
 * nobody saw, and the lab said "Ran". The program's engine (QuickJS, as built by
 * quickjs-emscripten) offers no host hook for unhandled rejections, so the program's own code
 * reports them: every async function's body passes what escapes it to ESCAPED (the promise it
 * returns rejects with that), and every catch clause passes what it caught to HANDLED. The
 * engine's Promise reports the rest (vm-host.ts): a rejection made by Promise.reject, an
 * executor or a then-callback that throws, and a rejection handler that ran. What escaped last
 * and was never handled after is an unhandled rejection once the job queue is empty.
 *
 * The edit inserts text on the lines it touches and adds no line, so every line number the
 * engine reports stays the learner's.
 */

/** The program's parameters the inserted code calls (names no lesson program uses). */
export const ESCAPED = '$lab_escaped$';
export const HANDLED = '$lab_handled$';
const CAUGHT = '$lab_caught$';

type Token = ReturnType<typeof parse>['tokens'][number];

const OPENS = new Set([T.braceL, T.braceBarL, T.dollarBraceL]);
const CLOSES = new Set([T.braceR, T.braceBarR]);

/** The index of the brace that opens the block closed at `close`. */
function openingBrace(tokens: Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i -= 1) {
    if (CLOSES.has(tokens[i].type)) depth += 1;
    else if (OPENS.has(tokens[i].type) && --depth === 0) return i;
  }
  return -1;
}

/** The index of the token that closes the bracket, parenthesis or brace opened at `open`. */
function closing(tokens: Token[], open: number, opens: number, closes: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i += 1) {
    if (tokens[i].type === opens) depth += 1;
    else if (tokens[i].type === closes && --depth === 0) return i;
  }
  return -1;
}

// In a class body the parser gives `async` a token type of its own.
const isAsync = (token: Token | undefined) =>
  token?.type === T._async ||
  (token?.type === T.name && token.contextualKeyword === ContextualKeyword._async);

/**
 * Whether the function whose parameters start at `start` is async: for an arrow, `async` just
 * before its parameters; else skip back over its name (or computed or quoted key), a `*` and
 * `function`, then `async`.
 */
function asyncFunction(tokens: Token[], start: number, arrow: boolean): boolean {
  if (arrow) return isAsync(tokens[start - 1]);
  let i = start - 1;
  if (tokens[i]?.type === T.bracketR) {
    let depth = 0;
    for (; i >= 0; i -= 1) {
      if (tokens[i].type === T.bracketR) depth += 1;
      else if (tokens[i].type === T.bracketL && --depth === 0) break;
    }
    i -= 1;
  } else if ([T.name, T.string, T.num].includes(tokens[i]?.type)) i -= 1;
  if (tokens[i]?.type === T.star) i -= 1;
  if (tokens[i]?.type === T._function) i -= 1;
  return isAsync(tokens[i]);
}

interface Insertion {
  at: number;
  text: string;
  /** Text from `at` up to this offset is replaced (a catch clause's pattern). */
  until?: number;
}

/** The edits that report what escapes each async function of `code` (JavaScript). */
function asyncBodies(tokens: Token[], scopes: ReturnType<typeof parse>['scopes']) {
  const edits: Insertion[] = [];
  const rethrow = `} catch (${CAUGHT}) { ${ESCAPED}(${CAUGHT}); throw ${CAUGHT}; }`;
  for (const scope of scopes) {
    // The program's own scope holds every token; a body's scope starts at its own brace.
    if (!scope.isFunctionScope || scope.endTokenIndex >= tokens.length - 1) continue;
    const start = scope.startTokenIndex;
    const last = scope.endTokenIndex - 1;
    let params: number;
    let arrow: boolean;
    let isAsyncFn: boolean;
    if (isAsync(tokens[start]) && tokens[start + 2]?.type === T.arrow) {
      // `async x => …`: the parser starts this arrow's scope at `async`.
      [params, arrow, isAsyncFn] = [start + 1, true, true];
    } else {
      // An arrow's parameters are a name or a parenthesised list, then `=>`.
      params = tokens[start].type === T.parenL ? closing(tokens, start, T.parenL, T.parenR) : start;
      arrow = tokens[params + 1]?.type === T.arrow;
      isAsyncFn = asyncFunction(tokens, start, arrow);
    }
    if (!isAsyncFn) continue;
    if (arrow && tokens[params + 2]?.type !== T.braceL) {
      // An expression body: made a block that returns it.
      edits.push({ at: tokens[params + 2].start, text: `{ try { return (` });
      edits.push({ at: tokens[last].end, text: `); ${rethrow} }` });
      continue;
    }
    if (tokens[last]?.type !== T.braceR) continue;
    const open = openingBrace(tokens, last);
    if (open < 0) continue;
    edits.push({ at: tokens[open].end, text: ' try {' });
    edits.push({ at: tokens[last].start, text: `${rethrow} ` });
  }
  return edits;
}

/** The edits that report what each catch clause of `code` caught. */
function catchClauses(code: string, tokens: Token[]): Insertion[] {
  const edits: Insertion[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== T._catch) return;
    const next = tokens[i + 1];
    if (next?.type === T.braceL) {
      edits.push({ at: token.end, text: ` (${CAUGHT})` });
      edits.push({ at: next.end, text: ` ${HANDLED}(${CAUGHT});` });
      return;
    }
    if (next?.type !== T.parenL) return;
    const close = closing(tokens, i + 1, T.parenL, T.parenR);
    const body = tokens[close + 1];
    if (close < 0 || body?.type !== T.braceL) return;
    if (close === i + 3 && tokens[i + 2].type === T.name) {
      const name = code.slice(tokens[i + 2].start, tokens[i + 2].end);
      edits.push({ at: body.end, text: ` ${HANDLED}(${name});` });
      return;
    }
    // A pattern: caught whole under another name, then taken apart as the program wrote it.
    const pattern = code.slice(tokens[i + 2].start, tokens[close - 1].end);
    edits.push({ at: tokens[i + 2].start, until: tokens[close - 1].end, text: CAUGHT });
    edits.push({ at: body.end, text: ` ${HANDLED}(${CAUGHT}); let ${pattern} = ${CAUGHT};` });
  });
  return edits;
}

/**
 * The program (JavaScript, as compiled) with its async functions and catch clauses reporting to
 * ESCAPED and HANDLED. A program the parser cannot read is returned as it was: the engine then
 * reports its syntax error.
 */
export function reportAsyncEscapes(code: string): string {
  if (!/\basync\b|\bcatch\b/.test(code)) return code;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(code, false, false, false);
  } catch {
    return code;
  }
  const { tokens, scopes } = parsed;
  // Applied from the end, so each offset still holds; of two edits at one place the later made
  // (an outer arrow's close, after its inner arrow's) goes in first and ends up after.
  const edits = [...asyncBodies(tokens, scopes), ...catchClauses(code, tokens)]
    .map((edit, order) => ({ ...edit, order }))
    .sort((a, b) => b.at - a.at || b.order - a.order);
  let out = code;
  for (const edit of edits)
    out = out.slice(0, edit.at) + edit.text + out.slice(edit.until ?? edit.at);
  return out;
}
