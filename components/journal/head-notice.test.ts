import { describe, expect, it } from 'vitest';
import { createJournal, importJournal } from '@/lib/journal';
import { memoryKeyValueStore } from '@/lib/storage';
import { headChangeNotice } from './head-notice';

// Issue 42 review F13: after an import in the only tab, the answer box said "Updated to version
// 3, saved in another tab 3 minutes ago" (the file's time). Failed before the fix: the box's words
// did not look at who wrote the new head.

const file = JSON.stringify({
  format: 'lease-lab.journal',
  version: 1,
  exportedAt: 1,
  prompts: [
    {
      prompt: 'main',
      entries: [
        { id: 'x1', gen: 1, base: 0, parent: null, time: 5, size: 2, kind: 'save', text: 'hi' },
      ],
    },
  ],
});

describe('the answer box after its newest version changed elsewhere (F13)', () => {
  it('an import in this tab says nothing of another tab', () => {
    const j = createJournal({ store: memoryKeyValueStore(), writerId: 'me', now: () => 1e12 });
    j.load();
    expect(importJournal(j, file)).toMatchObject({ ok: true, added: 1 });
    const head = j.head('main')!;
    expect(headChangeNotice(head, 1, false, j.writer)).toBeNull();
    const dirty = headChangeNotice(head, 1, true, j.writer);
    expect(dirty?.text).toBe(
      'Version 1 was imported. Your unsaved text stays here; saving it keeps both, yours marked as a branch.',
    );
    expect(dirty?.text).not.toMatch(/another tab/i);
  });

  it("another tab's save is still named so, with its time", () => {
    const head = { time: 42, writer: 'them' };
    expect(headChangeNotice(head, 3, false, 'me')).toEqual({
      tone: 'info',
      text: 'Updated to version 3, saved in another tab {time}.',
      at: 42,
    });
    expect(headChangeNotice(head, 3, true, 'me')?.text).toMatch(/^Another tab saved version 3 /);
  });
});
