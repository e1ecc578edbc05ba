import { describe, expect, it } from 'vitest';
import { reportAsyncEscapes } from './async-escapes';

describe('reportAsyncEscapes', () => {
  it('marks async functions, arrows and methods, and catch clauses, keeping every line', () => {
    const code = [
      'async function f(a) { await g(a); }',
      'const h = async (x) => x + await y;',
      'const k = async x => { return x; };',
      'class C { async m() { await 1; } static async *gen() { yield 1; } }',
      'const o = { async n() { return 2; }, async() { return 3; } };',
      'function plain() { try { f(); } catch (e) { print(e); } }',
      'try { h(); } catch { } try { k(); } catch ({ message }) { print(message); }',
      'const nested = async () => async () => 1;',
    ].join('\n');
    const out = reportAsyncEscapes(code);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    // Runs as written: it parses, and each async body reports what escapes it.
    expect(() => new Function(out)).not.toThrow();
    const lines = out.split('\n');
    expect(lines[0]).toContain('$lab_escaped$');
    expect(lines[1]).toContain('{ try { return (x + await y);');
    expect(lines[2]).toContain('$lab_escaped$');
    expect(lines[3].match(/\$lab_escaped\$/g)).toHaveLength(2);
    // A method named async is not an async method.
    expect(lines[4].match(/\$lab_escaped\$/g)).toHaveLength(1);
    expect(lines[5]).toContain('catch (e) { $lab_handled$(e);');
    expect(lines[5]).not.toContain('$lab_escaped$');
    expect(lines[6]).toContain('catch ($lab_caught$) { $lab_handled$($lab_caught$);');
    expect(lines[6]).toContain('let { message } = $lab_caught$;');
    expect(lines[7].match(/\$lab_escaped\$/g)).toHaveLength(2);
  });

  it('leaves a program with no async function and no catch as it was', () => {
    const code = "print('async'); db.run('SELECT 1');";
    expect(reportAsyncEscapes(code)).toBe(code);
  });

  it('keeps every other form of async function and catch clause valid, on its lines', () => {
    const forms = [
      'class K { f = async () => { await 1; }; get g() { return 1; } async h() {} }',
      'const async = 1; print(async + 1);',
      'function async(x) { return x; } async(1);',
      'const f = async () => ({ a: 1 });',
      'const f = async () => { const s = `${1 + 2}}`; return /{/.test(s); };',
      'const f = async (a = () => {}) => { return a; };',
      'async function f() { for await (const x of []) {} }',
      'const o = { a: async function () { return 1; }, b: async function named() {} };',
      'const f = async ({ a, b }) => a + b;',
      'const f = async ([a, b]) => { try { return a; } catch { return b; } };',
      'try { x(); } catch (e) { try { y(); } catch (f) { } }',
      'const xs = [1].map(async (x) => x * 2);',
      'async function f() {}\nasync function g() {\n  await f();\n}',
    ];
    for (const form of forms) {
      const out = reportAsyncEscapes(form);
      expect(() => new Function(out), out).not.toThrow();
      expect(out.split('\n'), out).toHaveLength(form.split('\n').length);
    }
  });
});
