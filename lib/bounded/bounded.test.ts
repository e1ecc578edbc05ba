import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CUT_MARK,
  cutText,
  PAGE_BOUNDS,
  shown,
  shownLine,
  showList,
  showMessage,
  TextBudget,
  type ShownText,
} from './index';

describe('cutText', () => {
  it('keeps a text within the bound as it is', () => {
    expect(cutText('abc', 3)).toEqual({
      text: 'abc',
      chars: { shown: 3, total: 3, atLeast: false },
    });
  });

  it('cuts past the bound, marks the cut and counts it', () => {
    expect(cutText('abcdef', 4)).toEqual({
      text: `abcd${CUT_MARK}`,
      chars: { shown: 4, total: 6, atLeast: false },
    });
  });

  it('never ends on half a surrogate pair', () => {
    const cut = cutText('ab😀cd', 3);
    expect(cut.text).toBe(`ab${CUT_MARK}`);
    expect(cut.chars.shown).toBe(2);
  });

  it('holds its bounds for any text and any bound (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.nat(250), (text, max) => {
        const { text: out, chars } = cutText(text, max);
        expect(chars.total).toBe(text.length);
        if (text.length <= max) {
          expect(out).toBe(text);
          expect(chars.shown).toBe(text.length);
          return;
        }
        expect(out.endsWith(CUT_MARK)).toBe(true);
        const kept = out.slice(0, -CUT_MARK.length);
        expect(kept.length).toBe(chars.shown);
        expect(chars.shown).toBeLessThanOrEqual(max);
        expect(chars.shown).toBeGreaterThanOrEqual(max - 1);
        expect(text.startsWith(kept)).toBe(true);
        const last = kept.charCodeAt(kept.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
        expect(shownLine(chars, 'characters')).toMatch(/^Shown [\d,]+ of [\d,]+ characters\.$/);
      }),
    );
  });

  it('costs what it keeps, not what it was given: 20 MB cut to 2,000 characters', () => {
    const huge = 'E'.repeat(20 * 1024 * 1024);
    // CPU time, not the wall clock: on a loaded machine the wall clock measures the machine (this
    // test once took 1.1 s of wall time for a few ms of work, beside three other test processes).
    const started = process.cpuUsage();
    for (let i = 0; i < 1_000; i += 1) cutText(huge, 2_000);
    const spent = process.cpuUsage(started);
    // A scan of 20 MB takes milliseconds; a thousand of them would take seconds.
    expect((spent.user + spent.system) / 1_000).toBeLessThan(1_000);
    expect(cutText(huge, 2_000).text.length).toBe(2_000 + CUT_MARK.length);
  });
});

describe('showMessage', () => {
  it('says how much of a long message it shows', () => {
    const message = showMessage(`Error: ${'E'.repeat(20 * 1024 * 1024)}`);
    expect(message.length).toBeLessThan(PAGE_BOUNDS.messageChars + 60);
    expect(message).toMatch(/^Error: EEE/);
    expect(message.endsWith(`${CUT_MARK} (Shown 2,000 of 20,971,527 characters.)`)).toBe(true);
  });

  it('leaves a short message alone', () => {
    expect(showMessage('no such table: jobs')).toBe('no such table: jobs');
  });
});

describe('shownLine', () => {
  it('is null when nothing was cut', () => {
    expect(shownLine({ shown: 5, total: 5, atLeast: false }, 'rows')).toBeNull();
  });

  it('says "more than" for a total that was not counted to the end', () => {
    expect(shownLine({ shown: 500, total: 100_000, atLeast: true }, 'rows')).toBe(
      'Shown 500 of more than 100,000 rows.',
    );
  });
});

describe('showList', () => {
  it('keeps the first items and counts the rest', () => {
    expect(showList([1, 2, 3, 4], 2)).toEqual({
      items: [1, 2],
      count: { shown: 2, total: 4, atLeast: false },
    });
  });
});

describe('TextBudget', () => {
  it('cuts each text and stops at the total', () => {
    const budget = new TextBudget({ itemChars: 4, totalChars: 10 });
    expect(budget.take('abcdefgh')).toBe(`abcd${CUT_MARK}`);
    expect(budget.take('ijkl')).toBe('ijkl');
    expect(budget.take('mnopq')).toBe(`mn${CUT_MARK}`);
    expect(budget.take('rest')).toBe(CUT_MARK);
    expect(budget.take('')).toBe('');
    expect(budget.chars).toEqual({ shown: 10, total: 21, atLeast: false });
    expect(budget.line('characters of cell text')).toBe('Shown 10 of 21 characters of cell text.');
  });

  it('never lets more than its total through, whatever it is given (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 50 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 300 }),
        (texts, itemChars, totalChars) => {
          const budget = new TextBudget({ itemChars, totalChars });
          const out = texts.map((t) => budget.take(t));
          const kept = out.reduce(
            (n, t) => n + (t.endsWith(CUT_MARK) ? t.length - 1 : t.length),
            0,
          );
          expect(kept).toBeLessThanOrEqual(totalChars);
          expect(budget.chars.total).toBe(texts.reduce((n, t) => n + t.length, 0));
          expect(budget.chars.shown).toBe(kept);
          const cut = texts.some((t, i) => out[i] !== t);
          expect(budget.line('characters') !== null).toBe(cut);
        },
      ),
    );
  });
});

describe('ShownText', () => {
  it('is made only by the door: a plain string is not one', () => {
    // @ts-expect-error a string from outside has not passed the door
    const leaked: ShownText = 'x'.repeat(10);
    expect(leaked).toBeDefined();
    expectTypeOf(showMessage('x')).toEqualTypeOf<ShownText>();
    const part = showMessage('no such table');
    expect(shown`SQLite error on line ${3}: ${part}`).toBe('SQLite error on line 3: no such table');
  });
});
