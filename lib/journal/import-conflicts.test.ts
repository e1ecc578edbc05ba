import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { importJournal } from './export';
import { createJournal } from './store';
import { exportFile, fileEntry } from './histories.test-helper';

// Issue 42, point 7: an imported entry whose id is taken by another text was skipped and its
// text stored nowhere; an entry with save number 1,000,000,000 was accepted, became the newest
// version, and every later save of the answer was refused. Both failed before this fix.

const entry = fileEntry;
const file = exportFile;

function journal() {
  const j = createJournal({ store: memoryKeyValueStore(), writerId: 'w', now: () => 100 });
  j.load();
  return j;
}

describe('imports never discard text and never poison saving', () => {
  it('an entry whose id exists with another text is kept as a new version, once (import-same-id-other-text-dropped)', () => {
    const j = journal();
    expect(importJournal(j, file([entry('a1', 1, 'mine')]))).toMatchObject({ added: 1 });
    const other = file([entry('a1', 1, 'theirs, with the same id')]);
    expect(importJournal(j, other)).toEqual({ ok: true, added: 1, skipped: 0, kept: 1 });
    const texts = j.history('main').map((m) => j.textOf('main', m.id));
    expect(texts).toEqual(['mine', 'theirs, with the same id']);
    // The same file again adds nothing: the kept version is found under its derived id.
    expect(importJournal(j, other)).toEqual({ ok: true, added: 0, skipped: 1, kept: 0 });
    expect(j.history('main')).toHaveLength(2);
  });

  it('a save number of 1,000,000,000 is refused at import with one line, and saving goes on (import-gen-poisons-saves)', () => {
    const j = journal();
    const result = importJournal(j, file([entry('x', 1_000_000_000, 'far')]));
    expect(result.ok).toBe(false);
    const reason = result.ok ? '' : result.reason;
    expect(reason).toMatch(/save number \(gen\) past 1,000,000/);
    expect(reason).toMatch(/prompts\.0\.entries\.0\.gen/);
    expect(reason.split('\n')).toHaveLength(1);
    expect(j.history('main')).toHaveLength(0);
    const saved = j.save('main', 'typed after', { baseId: null });
    expect(saved).toMatchObject({ ok: true, saved: true, entry: { gen: 1 } });
  });

  it('the highest save number an import may bring is accepted, and saving goes on after it', () => {
    const j = journal();
    expect(importJournal(j, file([entry('x', 1_000_000, 'far')]))).toMatchObject({ ok: true });
    // Numbered after the local newest (import-numbers.ts), so the next save is 2.
    const saved = j.save('main', 'typed after', { baseId: j.head('main')!.id });
    expect(saved).toMatchObject({ ok: true, saved: true, entry: { gen: 2 } });
  });
});
