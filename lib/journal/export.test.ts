import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { exportJournal, importJournal, MAX_IMPORT_CHARS } from './export';
import { createJournal } from './store';

const PROMPTS = ['main', 'q1', 'notes'];

function journalWith(writerId: string, saves: [string, string][]) {
  const journal = createJournal({
    store: memoryKeyValueStore(),
    writerId,
    now: (() => {
      let t = 0;
      return () => (t += 10);
    })(),
  });
  journal.load();
  const heads = new Map<string, string | null>();
  for (const [prompt, text] of saves) {
    const result = journal.save(prompt, text, { baseId: heads.get(prompt) ?? null });
    if (result.ok && result.saved) heads.set(prompt, result.entry.id);
  }
  return journal;
}

const longText = 'Claim with a fence; finish only where fence matches. '.repeat(300);

describe('journal export and import', () => {
  it('round-trips every entry and merges without duplicating on a second import', () => {
    const source = journalWith('src', [
      ['main', 'first'],
      ['main', 'second'],
      ['main', longText],
      ['main', `${longText} and one more line`],
      ['notes', '<script>alert(1)</script> stays text'],
    ]);
    const file = JSON.stringify(exportJournal(source));
    const target = journalWith('dst', [['main', 'my own answer']]);
    expect(importJournal(target, file, PROMPTS)).toEqual({
      ok: true,
      added: 5,
      skipped: 0,
      kept: 0,
    });
    expect(importJournal(target, file, PROMPTS)).toEqual({
      ok: true,
      added: 0,
      skipped: 5,
      kept: 0,
    });
    const texts = target.history('main').map((m) => target.textOf('main', m.id));
    expect(texts).toHaveLength(5);
    expect(texts).toEqual(
      expect.arrayContaining([
        'my own answer',
        'first',
        'second',
        longText,
        `${longText} and one more line`,
      ]),
    );
    expect(target.textOf('notes', target.head('notes')!.id)).toBe(
      '<script>alert(1)</script> stays text',
    );
    // Long versions travel as patches, not copies.
    expect(file.length).toBeLessThan(longText.length * 2);
  });

  it('adds unsaved text as a draft entry so nothing is lost when storage is full', () => {
    const source = journalWith('src', [['main', 'saved']]);
    const file = exportJournal(source, { main: 'saved plus unsaved words', q1: 'never saved' }, 99);
    const target = journalWith('dst', []);
    expect(importJournal(target, JSON.stringify(file), PROMPTS)).toMatchObject({
      ok: true,
      added: 3,
    });
    expect(target.textOf('main', target.head('main')!.id)).toBe('saved plus unsaved words');
    expect(target.head('main')!.kind).toBe('draft');
    expect(target.textOf('q1', target.head('q1')!.id)).toBe('never saved');
  });

  const valid = () =>
    exportJournal(
      journalWith('src', [
        ['main', 'one'],
        ['main', 'one two'],
      ]),
    );

  it.each([
    ['not JSON', () => '{oops', /not JSON/],
    ['another kind of file', () => JSON.stringify({ hello: 'world' }), /not a journal export/],
    ['too large', () => ' '.repeat(MAX_IMPORT_CHARS + 1), /too large/],
    [
      'an unknown prompt',
      () => JSON.stringify({ ...valid(), prompts: [{ ...valid().prompts[0], prompt: 'other' }] }),
      /not a prompt/,
    ],
    [
      'a prompt id aimed at other keys',
      () =>
        JSON.stringify({ ...valid(), prompts: [{ ...valid().prompts[0], prompt: '../theme' }] }),
      /damaged/,
    ],
    [
      'an extra field',
      () => JSON.stringify({ ...valid(), __proto__: { polluted: true }, extra: 1 }),
      /damaged/,
    ],
    [
      'a patch outside its text',
      () => {
        const file = valid();
        file.prompts[0].entries[1] = {
          ...file.prompts[0].entries[1],
          patch: [[99, 1, 'x']],
          text: undefined,
        };
        return JSON.stringify(file);
      },
      /does not fit/,
    ],
    [
      'a size that does not match',
      () => {
        const file = valid();
        file.prompts[0].entries[0].size = 42;
        return JSON.stringify(file);
      },
      /size says 42/,
    ],
    [
      'an answer past 20,000 characters',
      () => {
        const file = valid();
        file.prompts[0].entries[0] = {
          ...file.prompts[0].entries[0],
          text: 'x'.repeat(20_001),
          size: 20_001,
        };
        return JSON.stringify(file);
      },
      /damaged/,
    ],
    [
      'a duplicated entry id',
      () => {
        const file = valid();
        file.prompts[0].entries[1].id = file.prompts[0].entries[0].id;
        return JSON.stringify(file);
      },
      /twice/,
    ],
  ])('refuses %s with a reason and stores nothing', (_name, make, reason) => {
    const target = journalWith('dst', [['main', 'kept']]);
    const result = importJournal(target, make(), PROMPTS);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
    expect(target.history('main')).toHaveLength(1);
  });
});
