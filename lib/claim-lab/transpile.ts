import { transform } from 'sucrase';
// Sucrase's own parser (the one transform uses), for the program's tokens.
import { parse } from 'sucrase/dist/parser/index.js';
import { TokenType } from 'sucrase/dist/parser/tokenizer/types.js';
import { LAB_LIMITS } from './limits';

export type CompileResult =
  | { ok: true; code: string }
  | { ok: false; message: string; line: number | null; column: number | null };

/**
 * The first `import` or `export` keyword of a program, found among its tokens (so comments,
 * strings and spacing change nothing). A lab program is one script: modules and import() would
 * load code. This is a courtesy message, not the guard: the worker's Content-Security-Policy
 * is what stops a load, however the program spells it.
 */
function moduleKeyword(source: string): { keyword: string; index: number } | null {
  let tokens: { type: number; start: number }[];
  try {
    tokens = parse(source, false, true, false).tokens;
  } catch {
    return null; // a syntax error: transform reports it with its position
  }
  const found = tokens.find(
    (token) => token.type === TokenType._import || token.type === TokenType._export,
  );
  return found ? { keyword: source.slice(found.start, found.start + 6), index: found.start } : null;
}

function lineOf(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (source.charCodeAt(i) === 10) line += 1;
  return line;
}

/**
 * Strips TypeScript's types from a lab program. Sucrase only removes type syntax in place, so
 * every line of the JavaScript is the same line of the learner's program: error lines carry over.
 * Type errors are the editor's job (Monaco's TypeScript worker); this only rejects bad syntax.
 */
export function compileProgram(source: string): CompileResult {
  if (source.length > LAB_LIMITS.maxSourceChars) {
    return {
      ok: false,
      message: `The program is ${source.length.toLocaleString('en-US')} characters long; the lab runs at most ${LAB_LIMITS.maxSourceChars.toLocaleString('en-US')}.`,
      line: null,
      column: null,
    };
  }
  const moduleUse = moduleKeyword(source);
  if (moduleUse) {
    return {
      ok: false,
      message: `A lab program is one script: "${moduleUse.keyword}" is not available. Use db and print, which are already there.`,
      line: lineOf(source, moduleUse.index),
      column: null,
    };
  }
  try {
    const { code } = transform(source, {
      transforms: ['typescript'],
      disableESTransforms: true,
      production: true,
    });
    return { ok: true, code };
  } catch (error) {
    const e = error as { message?: string; loc?: { line: number; column: number } };
    const message = String(e.message ?? error).replace(/\s*\(\d+:\d+\)$/, '');
    return {
      ok: false,
      message: `Syntax error: ${message}`,
      line: e.loc?.line ?? null,
      column: e.loc ? e.loc.column + 1 : null,
    };
  }
}
