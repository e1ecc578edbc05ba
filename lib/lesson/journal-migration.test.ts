import { describe, expect, it } from 'vitest';
import { createJournal } from '@/lib/journal';
import { memoryKeyValueStore } from '@/lib/storage';
import { moveAnswersToJournal, movedEntryId } from './journal-migration';

const prompts: Record<string, string> = { 'q-a': 'prompt-a', 'case-x': 'prompt-x' };
const promptFor = (id: string) => prompts[id] ?? null;

function journalOn(storage = memoryKeyValueStore(), start = 100_000) {
  let t = start;
  const journal = createJournal({ store: storage, now: () => (t += 1), writerId: 'w1' });
  journal.load();
  return { journal, storage };
}

describe('moving own answers from the records database into the journal', () => {
  it('moves every answer once, with its original time, and a second run adds nothing', () => {
    const { journal, storage } = journalOn();
    const answers = [
      { itemId: 'q-a', text: 'The store checks the fence.', at: 50 },
      { itemId: 'case-x', text: 'The remote write needs its own fence.', at: 60 },
      { itemId: 'unknown-item', text: 'kept in the records, no prompt here', at: 70 },
    ];
    expect(moveAnswersToJournal(journal, answers, promptFor)).toEqual({ moved: 2, failed: [] });
    expect(journal.history('prompt-a').map((m) => [m.id, m.time])).toEqual([
      [movedEntryId('q-a'), 50],
    ]);
    expect(journal.textOf('prompt-a', movedEntryId('q-a'))).toBe('The store checks the fence.');
    expect(journal.textOf('prompt-x', journal.head('prompt-x')!.id)).toBe(
      'The remote write needs its own fence.',
    );

    // The next page load (and a second tab) reads the same storage and moves nothing again.
    const again = journalOn(storage).journal;
    expect(moveAnswersToJournal(again, answers, promptFor)).toEqual({ moved: 0, failed: [] });
    expect(again.history('prompt-a')).toHaveLength(1);
  });

  it('loses nothing when the prompt already has a newer version: both stay, the newest stays on top', () => {
    const { journal } = journalOn();
    const saved = journal.save('prompt-a', 'Typed on REFLECT later.', { baseId: null });
    expect(saved.ok && saved.saved).toBe(true);
    moveAnswersToJournal(
      journal,
      [{ itemId: 'q-a', text: 'Typed on LEARN first.', at: 10 }],
      promptFor,
    );
    const history = journal.history('prompt-a');
    const texts = history.map((m) => journal.textOf('prompt-a', m.id));
    expect(texts).toEqual([
      'Typed on REFLECT later.',
      'Typed on LEARN first.',
      'Typed on REFLECT later.',
    ]);
    expect(history[2].restoredFrom).toBe(history[0].id);
  });

  it('puts an answer newer than the journal on top without a restore', () => {
    const { journal } = journalOn(memoryKeyValueStore(), 0);
    journal.save('prompt-a', 'Older REFLECT text.', { baseId: null });
    moveAnswersToJournal(
      journal,
      [{ itemId: 'q-a', text: 'Newer LEARN text.', at: 10_000 }],
      promptFor,
    );
    expect(journal.history('prompt-a')).toHaveLength(2);
    expect(journal.textOf('prompt-a', journal.head('prompt-a')!.id)).toBe('Newer LEARN text.');
  });
});
