import { describe, expect, it } from 'vitest';
import { createRecordsDb, logActivity } from '@/lib/records';
import { memoryBlobStore } from '@/lib/storage';
import {
  evidenceByKind,
  latestNotes,
  latestRatings,
  ratingHistory,
  saveNote,
  recordRating,
  reflectSchema,
} from './assessment';

function records(blobs = memoryBlobStore()) {
  return createRecordsDb({ blobs, key: 'records', schemas: [reflectSchema] });
}

describe('self-assessment records', () => {
  it('a note without a rating is kept on its own and survives a reload (it was lost)', async () => {
    const blobs = memoryBlobStore();
    await records(blobs).write((d) =>
      saveNote(d, { item: 'std-senior', note: 'the gateway part is unclear', at: 5 }),
    );
    const reloaded = records(blobs);
    expect((await reloaded.read(latestNotes)).get('std-senior')?.note).toBe(
      'the gateway part is unclear',
    );
    expect(await reloaded.read(ratingHistory)).toEqual([]);
    // A later rating carries its own note; the newest of the two is the note shown.
    await reloaded.write((d) =>
      recordRating(d, { item: 'std-senior', rating: 'partly', note: 'clearer now', at: 9 }),
    );
    expect((await reloaded.read(latestNotes)).get('std-senior')?.note).toBe('clearer now');
  });

  it('keeps every rating with its time and survives a reload', async () => {
    const blobs = memoryBlobStore();
    const db = records(blobs);
    await db.write((d) =>
      recordRating(d, { item: 'std-basic', rating: 'not-yet', note: '', at: 10 }),
    );
    await db.write((d) =>
      recordRating(d, { item: 'std-basic', rating: 'confident', note: 'ran the demo', at: 20 }),
    );
    await db.write((d) =>
      recordRating(d, { item: 'std-senior', rating: 'partly', note: '', at: 15 }),
    );
    const reloaded = records(blobs);
    expect(await reloaded.read(ratingHistory)).toEqual([
      { item: 'std-basic', rating: 'not-yet', note: '', at: 10 },
      { item: 'std-senior', rating: 'partly', note: '', at: 15 },
      { item: 'std-basic', rating: 'confident', note: 'ran the demo', at: 20 },
    ]);
    const latest = await reloaded.read(latestRatings);
    expect(latest.get('std-basic')).toMatchObject({ rating: 'confident', note: 'ran the demo' });
    expect(latest.get('std-intermediate')).toBeUndefined();
  });

  it('refuses a rating outside the three levels and an oversized note, storing nothing', async () => {
    const db = records();
    await expect(
      db.write((d) =>
        recordRating(d, { item: 'std-basic', rating: 'expert' as never, note: '', at: 1 }),
      ),
    ).rejects.toThrow();
    await expect(
      db.write((d) =>
        recordRating(d, { item: 'std-basic', rating: 'partly', note: 'x'.repeat(2_001), at: 1 }),
      ),
    ).rejects.toThrow();
    expect(await db.read(ratingHistory)).toEqual([]);
  });

  it('reads evidence other features logged, and none when there is none', async () => {
    const db = records();
    expect(await db.read((d) => evidenceByKind(d, ['timeline.scored']))).toEqual(new Map());
    await db.write((d) => {
      logActivity(d, 1, 'timeline.scored', 'scenario-1', { score: 3 });
      logActivity(d, 2, 'timeline.scored', 'scenario-2', { score: 5 });
      logActivity(d, 3, 'lab.challenge.solved', 'stale-finish');
      logActivity(d, 4, 'quiz.answered', 'x');
    });
    const evidence = await db.read((d) =>
      evidenceByKind(d, ['timeline.scored', 'lab.challenge.solved', 'checker.checked']),
    );
    expect(evidence.get('timeline.scored')).toEqual({
      kind: 'timeline.scored',
      count: 2,
      last: 2,
      subjects: ['scenario-2', 'scenario-1'],
    });
    expect(evidence.get('lab.challenge.solved')?.count).toBe(1);
    expect(evidence.has('checker.checked')).toBe(false);
    expect(evidence.has('something.else')).toBe(false);
  });
});
