import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryKeyValueStore } from '@/lib/storage';
import { MAX_EDITS_PER_DELTA, MAX_SEGMENT_CHARS } from './bounds';
import { EXPORT_FORMAT, planImport } from './export';
import { createJournal, segmentKey } from './store';

// Issue 27, cases 4 and 9: a stored segment meets the import's bounds before any edit is
// applied, and a notice about a value that cannot be set aside is shown once per load.

/** A segment of one full entry and one entry holding `edits` no-op edits. */
function segmentWithEdits(edits: number, writer = 'w') {
  return JSON.stringify({
    v: 1,
    prompt: 'main',
    writer,
    seq: 0,
    entries: [
      { id: 'a', g: 1, b: 0, p: null, t: 1, n: 4, k: 'save', f: 'text' },
      {
        id: 'b',
        g: 2,
        b: 1,
        p: 'a',
        t: 2,
        n: 4,
        k: 'save',
        o: Array.from({ length: edits }, () => [0, 0, '']),
      },
    ],
  });
}

function load(store: ReturnType<typeof memoryKeyValueStore>) {
  const journal = createJournal({ store, writerId: 'reader' });
  // CPU time (ms), not the wall clock: on a loaded machine the wall clock measures the machine.
  const started = process.cpuUsage();
  journal.load();
  const spent = process.cpuUsage(started);
  return { journal, took: (spent.user + spent.system) / 1_000 };
}

describe('stored segments carry the import bounds (case 4)', () => {
  // The first toLocaleString of a process loads ICU (~50 ms here): not the journal's cost.
  beforeAll(() => void (0).toLocaleString('en-US'));

  it('sets aside a 1.5 MB segment of 150,000 edits at once, unparsed and copied whole (stored-150k-edits froze /reflect 8.4 s)', () => {
    const store = memoryKeyValueStore();
    const key = segmentKey('main', 'w', 0);
    const raw = segmentWithEdits(150_000).replace(/\[0,0,""\]/g, '[0,0,"a"]');
    store.setItem(key, raw);
    expect(raw.length).toBeGreaterThan(1_500_000);
    const { journal, took } = load(store);
    expect(took).toBeLessThan(100);
    expect(journal.history('main')).toEqual([]);
    const [problem, ...rest] = journal.takeProblems();
    expect(rest).toEqual([]);
    expect(problem.message).toMatch(
      /\(it holds 1,500,\d{3} characters, more than the 400,000 of any part this app writes, so it was not read\), so it was set aside as "lease-lab\.journal\.v1\.main\.w\.0\.corrupt\.\d+"/,
    );
    expect(store.getItem(key)).toBeNull();
    expect(store.getItem(problem.backupKey as string)).toBe(raw);
  });

  it('sets aside a segment of 1,000,000 edits without parsing it (oversized-segment-skipped-not-set-aside)', () => {
    // Ten million characters: more than Chromium's localStorage holds (5,242,880), so this
    // store has room for it and its copy, as a browser with a larger quota would.
    const store = memoryKeyValueStore(25_000_000);
    const key = segmentKey('main', 'w', 0);
    const raw = segmentWithEdits(0).replace(
      '"o":[]',
      `"o":[${'[0,0,"a"],'.repeat(999_999)}[0,0,"a"]]`,
    );
    store.setItem(key, raw);
    expect(raw.length).toBeGreaterThan(10_000_000);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const { journal } = load(store);
      expect(parse.mock.calls.some(([text]) => text === raw)).toBe(false);
      expect(journal.history('main')).toEqual([]);
      const [problem, ...rest] = journal.takeProblems();
      expect(rest).toEqual([]);
      expect(problem.message).toContain('holds 10,000,');
      expect(store.getItem(key)).toBeNull();
      expect(store.getItem(problem.backupKey as string)).toBe(raw);
      // The next load finds nothing to report: the value is aside, not in the journal's keys.
      expect(load(store).journal.takeProblems()).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });

  it('never writes over a segment it left in place (no room to set it aside), even as that writer', () => {
    const hostile = `x${'{'.repeat(MAX_SEGMENT_CHARS)}`;
    // Room for the value and a few saves, not for its copy.
    const store = memoryKeyValueStore(hostile.length + 20_000);
    const journal = createJournal({ store, writerId: 'w', segmentEntries: 1 });
    journal.load();
    journal.save('main', 'first', { baseId: null });
    store.setItem(segmentKey('main', 'w', 1), hostile);
    const again = createJournal({ store, writerId: 'r', segmentEntries: 1 });
    again.load();
    expect(again.takeProblems()[0].message).toMatch(/could not be set aside/);
    again.adoptWriter('w');
    expect(again.save('main', 'second', { baseId: again.head('main')!.id })).toMatchObject({
      ok: true,
      saved: true,
    });
    expect(store.getItem(segmentKey('main', 'w', 1))).toBe(hostile);
    expect(store.getItem(segmentKey('main', 'w', 2))).toContain('second');
  });

  it('refuses a segment with more edits in one entry than an import may hold, by its schema', () => {
    const store = memoryKeyValueStore();
    const raw = segmentWithEdits(MAX_EDITS_PER_DELTA + 1);
    expect(raw.length).toBeLessThan(MAX_SEGMENT_CHARS);
    store.setItem(segmentKey('main', 'w', 0), raw);
    const { journal } = load(store);
    expect(journal.history('main')).toEqual([]);
    expect(journal.takeProblems()[0].message).toMatch(/<=1000|1,000/);
    // The same number of edits is the import's limit too.
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: 1,
      prompts: [
        {
          prompt: 'main',
          entries: JSON.parse(raw).entries.map((e: { o?: unknown; f?: string }, i: number) => ({
            id: `e${i}`,
            gen: i + 1,
            base: i,
            parent: i ? `e${i - 1}` : null,
            time: i + 1,
            size: 4,
            kind: 'save',
            ...(e.o ? { patch: e.o } : { text: e.f }),
          })),
        },
      ],
    };
    const planned = planImport(JSON.stringify(file));
    expect(planned.ok).toBe(false);
    expect(planned.ok ? '' : planned.reason).toMatch(/<=1000|1,000/);
  });

  it('keeps a segment at the bound: 1,000 edits are read as before', () => {
    const store = memoryKeyValueStore();
    store.setItem(segmentKey('main', 'w', 0), segmentWithEdits(MAX_EDITS_PER_DELTA));
    const { journal } = load(store);
    expect(journal.history('main')).toHaveLength(2);
    expect(journal.takeProblems()).toEqual([]);
  });
});

describe('a notice that cannot be acted on is shown once per load (case 9)', () => {
  it('reports a 5-million-character non-JSON segment once, across syncs and saves (unmovable-notice-repeated)', () => {
    const store = memoryKeyValueStore();
    const key = segmentKey('main', 'w', 0);
    store.setItem(key, `x${'{'.repeat(5_000_000)}`);
    const { journal } = load(store);
    journal.refresh();
    journal.refresh(key);
    journal.save('notes', 'a note', { baseId: null });
    journal.save('main', 'an answer', { baseId: null });
    journal.refresh();
    const problems = journal.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0].backupKey).toBeNull();
    expect(problems[0].message).toMatch(
      /holds 5,000,001 characters.*so it could not be set aside \(browser storage is full\) and is skipped/,
    );
    // Still there, untouched: the learner's data is never dropped to make room.
    expect(store.getItem(key)?.length).toBe(5_000_001);
    // A change to the value is news: it is read (and reported) again.
    store.setItem(key, 'x');
    journal.refresh(key);
    expect(journal.takeProblems()).toHaveLength(1);
  });

  it('reports a damaged segment with no room to set it aside once, across syncs and saves', () => {
    const key = segmentKey('main', 'w', 0);
    const damaged = `x${'{'.repeat(300_000)}`;
    // Room for the damaged value and a few saves, not for a copy of it.
    const store = memoryKeyValueStore(damaged.length + key.length + 5_000);
    store.setItem(key, damaged);
    const { journal } = load(store);
    journal.refresh();
    journal.save('main', 'an answer', { baseId: null });
    journal.save('main', 'an answer, again', { baseId: journal.head('main')!.id });
    journal.refresh(key);
    const problems = journal.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/could not be set aside|could not be kept aside/);
    expect(store.getItem(key)).toBe(damaged);
    expect(journal.history('main')).toHaveLength(2);
  });
});
