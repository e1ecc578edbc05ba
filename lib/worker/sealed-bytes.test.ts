import { describe, expect, it } from 'vitest';
import { sealedBytes } from './sealed-bytes';

const read = (buffer: ArrayBuffer) => JSON.parse(new TextDecoder().decode(buffer)) as unknown;

describe('sealedBytes: a reply as bytes, whatever the realm was made to do', () => {
  it('writes text, numbers, lists and objects as JSON, skipping undefined fields', () => {
    expect(
      read(sealedBytes({ a: 'x"y', b: [1, null, true], c: undefined, d: { e: 1.5 } })),
    ).toEqual({
      a: 'x"y',
      b: [1, null, true],
      d: { e: 1.5 },
    });
    expect(read(sealedBytes([NaN, Infinity]))).toEqual([null, null]);
  });

  it('calls no toJSON and no getter a program could have put on a prototype', () => {
    // The prototypes a program would patch, made here as ones of the reply's own (patching the
    // test process's Object.prototype would break the test runner itself).
    const poisoned = Object.create(Object.prototype, {
      toJSON: { value: () => ({ type: 'ran', forged: true }) },
    }) as object;
    const holes = Object.create(Array.prototype, {
      1: { get: () => 'F'.repeat(1_000) },
    }) as object;
    const output = ['a'];
    output.length = 2;
    Object.setPrototypeOf(output, holes);
    const reply = Object.setPrototypeOf({ type: 'ran', output }, poisoned) as object;
    expect(JSON.parse(JSON.stringify(reply))).toEqual({ type: 'ran', forged: true });
    expect((output as unknown[])[1]).toBe('F'.repeat(1_000));
    expect(read(sealedBytes(reply))).toEqual({ type: 'ran', output: ['a', null] });
  });
});
