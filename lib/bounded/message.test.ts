import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  eitherPart,
  listPart,
  nullablePart,
  numberPart,
  objectPart,
  openMessage,
  recordPart,
  taggedPart,
  textPart,
  type MessageBounds,
} from './index';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

const run = objectPart<{ output: string[]; error: string | null; n: number }>({
  output: listPart(textPart(10), 3),
  error: nullablePart(textPart(20)),
  n: numberPart(true),
});
const BOUNDS: MessageBounds = { maxBytes: 1_000, maxChars: 25 };

describe('openMessage: the page-side door for a message from an untrusted realm', () => {
  it('passes a message within every bound, as a fresh value', () => {
    const opened = openMessage(
      bytes({ output: ['a', 'bc'], error: null, n: 2, extra: 1 }),
      run,
      BOUNDS,
    );
    expect(opened).toEqual({ ok: true, value: { output: ['a', 'bc'], error: null, n: 2 } });
  });

  it('refuses by size before it decodes a byte', () => {
    const opened = openMessage(bytesOf('x'.repeat(5_000)), run, BOUNDS);
    expect(opened).toEqual({
      ok: false,
      line: 'the reply was 5,000 bytes; the page takes at most 1,000',
    });
  });

  it('says which text was too long, and how long', () => {
    const opened = openMessage(
      bytes({ output: ['a', 'x'.repeat(50)], error: null, n: 1 }),
      run,
      BOUNDS,
    );
    expect(opened).toEqual({
      ok: false,
      line: 'reply.output[1] was 50 characters long; the page takes at most 10',
    });
  });

  it('says which list was too long', () => {
    const opened = openMessage(
      bytes({ output: ['a', 'b', 'c', 'd'], error: null, n: 1 }),
      run,
      BOUNDS,
    );
    expect(opened.ok === false && opened.line).toBe(
      'reply.output held 4 items; the page takes at most 3',
    );
  });

  it('counts the characters of the whole message', () => {
    const opened = openMessage(
      bytes({ output: ['x'.repeat(10), 'y'.repeat(10)], error: 'z'.repeat(10), n: 1 }),
      run,
      BOUNDS,
    );
    expect(opened.ok === false && opened.line).toBe(
      "the reply's texts passed 25 characters at reply.error",
    );
  });

  it('refuses a wrong shape, anything but bytes, and bytes that are not JSON', () => {
    expect(openMessage(bytes({ output: 'a', error: null, n: 1 }), run, BOUNDS)).toMatchObject({
      ok: false,
      line: 'reply.output was a string, not a list',
    });
    expect(openMessage(bytes({ output: [], error: null, n: 1.5 }), run, BOUNDS)).toMatchObject({
      ok: false,
      line: 'reply.n was not a whole number',
    });
    expect(openMessage({ output: [] }, run, BOUNDS)).toMatchObject({
      ok: false,
      line: 'the reply was an object, not bytes',
    });
    expect(openMessage(bytesOf('{"output": ['), run, BOUNDS)).toMatchObject({
      ok: false,
      line: 'the reply was not readable JSON',
    });
  });

  it('tells variants apart by their tag, and takes either of two parts', () => {
    const part = taggedPart<{ type: string; v?: string | number | null }>('type', {
      a: objectPart({ type: textPart(1), v: eitherPart(textPart(3), nullablePart(numberPart())) }),
      b: objectPart({ type: textPart(1), v: nullablePart(numberPart()) }),
    });
    expect(openMessage(bytes({ type: 'a', v: 'abc' }), part, BOUNDS)).toMatchObject({ ok: true });
    expect(openMessage(bytes({ type: 'a', v: 7 }), part, BOUNDS)).toMatchObject({ ok: true });
    expect(openMessage(bytes({ type: 'a', v: 'abcd' }), part, BOUNDS)).toMatchObject({ ok: false });
    expect(openMessage(bytes({ type: 'c' }), part, BOUNDS)).toMatchObject({
      ok: false,
      line: 'reply.type was not one the page expects',
    });
  });

  it('bounds the fields of a record and their names', () => {
    const part = recordPart(numberPart(), 2, 3);
    expect(openMessage(bytes({ a: 1, b: 2 }), part, BOUNDS)).toEqual({
      ok: true,
      value: { a: 1, b: 2 },
    });
    expect(openMessage(bytes({ a: 1, b: 2, c: 3 }), part, BOUNDS)).toMatchObject({ ok: false });
    expect(openMessage(bytes({ abcd: 1 }), part, BOUNDS)).toMatchObject({ ok: false });
  });

  it('whatever the bytes, the result is within the bounds or one short line (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const opened = openMessage(bytes(value), run, BOUNDS);
        if (opened.ok) {
          const { output, error } = opened.value;
          expect(output.length).toBeLessThanOrEqual(3);
          const chars = output.reduce((n, t) => n + t.length, 0) + (error?.length ?? 0);
          expect(chars).toBeLessThanOrEqual(25);
        } else {
          expect(opened.line.length).toBeLessThan(400);
          expect(opened.line).not.toContain('\n');
        }
      }),
    );
  });
});
