import { describe, expect, it } from 'vitest';
import { checkParams, formatValue } from './program-values';

describe('checkParams', () => {
  it('passes text, finite numbers, null and bytes through, by position or by name', () => {
    const bytes = new Uint8Array([1, 2]);
    expect(checkParams('run', ['A', 1.5, null, bytes])).toEqual(['A', 1.5, null, bytes]);
    expect(checkParams('get', { owner: 'A', token: 2 })).toEqual({ owner: 'A', token: 2 });
    expect(checkParams('all', undefined)).toBeUndefined();
  });

  it('names the value SQLite cannot take and what it takes instead', () => {
    expect(() => checkParams('run', [1, true])).toThrow(
      /^Parameter #2 is a boolean; SQLite takes text, numbers, null or bytes/,
    );
    expect(() => checkParams('run', { now: Infinity })).toThrow(
      'Parameter now is Infinity; SQLite stores finite numbers only.',
    );
    expect(() => checkParams('get', 'A')).toThrow(
      "db.get takes its values as an array or an object like { owner: 'A' }, not a string.",
    );
    expect(() => checkParams('run', new Map())).toThrow(/not an object\.$/);
  });
});

describe('formatValue', () => {
  it('prints text as is, objects as JSON and bytes by their count', () => {
    expect(formatValue('A')).toBe('A');
    expect(formatValue(undefined)).toBe('undefined');
    expect(formatValue({ a: [1, null] })).toBe('{"a":[1,null]}');
    expect(formatValue(new Uint8Array(3))).toBe('<3 bytes>');
    const loop: { self?: unknown } = {};
    loop.self = loop;
    expect(formatValue(loop)).toBe('[object Object]');
  });
});
