import { transform } from 'sucrase';
import { LAB_LIMITS } from './limits';

export type CompileResult =
  | { ok: true; code: string }
  | { ok: false; message: string; line: number | null; column: number | null };

// Modules and dynamic import() would let a program load code; a lab program is one script.
const MODULE_SYNTAX = /^[ \t]*(import|export)\b|\b(import)\s*\(/m;

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
  const moduleLine = MODULE_SYNTAX.exec(source);
  if (moduleLine) {
    return {
      ok: false,
      message: `A lab program is one script: "${moduleLine[1] ?? moduleLine[2]}" is not available. Use db and print, which are already there.`,
      line: lineOf(
        source,
        moduleLine.index + (moduleLine[0].length - moduleLine[0].trimStart().length),
      ),
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
