import { describe, expect, it } from 'vitest';
import { boundConsole, CONSOLE_MESSAGE_CHARS, consoleLine } from './bounded-console';

function scopeWithConsole() {
  const lines: unknown[][] = [];
  const scope = { console: { log: (...values: unknown[]) => lines.push(values) } };
  boundConsole(scope);
  return { scope: scope as { console: { log: (...values: unknown[]) => void } }, lines };
}

describe('boundConsole', () => {
  it('regression: console.log of 50 MB reaches the real console as one cut line', () => {
    const { scope, lines } = scopeWithConsole();
    scope.console.log('x'.repeat(50 * 1024 * 1024));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    const line = lines[0][0] as string;
    expect(line.length).toBeLessThan(CONSOLE_MESSAGE_CHARS + 100);
    expect(line).toMatch(/… \(cut at 2000 of 52428800 characters\)$/);
  });

  it('still cuts when the program has replaced String.prototype.slice', () => {
    const { scope, lines } = scopeWithConsole();
    const slice = String.prototype.slice;
    String.prototype.slice = function (this: string) {
      return String(this);
    };
    try {
      scope.console.log('y'.repeat(1_000_000));
    } finally {
      String.prototype.slice = slice;
    }
    expect((lines[0][0] as string).length).toBeLessThan(CONSOLE_MESSAGE_CHARS + 100);
  });

  it('cannot be replaced by the program', () => {
    const { scope } = scopeWithConsole();
    expect(() => {
      'use strict';
      (scope as { console: unknown }).console = { log: () => undefined };
    }).toThrow(TypeError);
  });

  it('shows short values as print does', () => {
    expect(consoleLine(['a', 1, null, { b: [2] }])).toBe('a 1 null {"b":[2]}');
  });
});
