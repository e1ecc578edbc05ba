import { describe, expect, it } from 'vitest';
import { createRecordsDb } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { memoryBlobStore } from '@/lib/storage';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { recentTimelineResults, saveTimelineResult, timelineSchema } from './records';

describe('timeline results in the records database', () => {
  it('is registered, and stores scenario, predictions, score and time, with an activity entry', async () => {
    expect(FEATURE_SCHEMAS).toContain(timelineSchema);
    const blobs = memoryBlobStore();
    const records = createRecordsDb({ blobs, key: 'records', schemas: FEATURE_SCHEMAS });
    const scenario = TIMELINE_SCENARIOS[0];
    await records.write((db) =>
      saveTimelineResult(db, {
        at: 1000,
        scenario,
        predictions: { 'a-finish': 'refused' },
        score: 3,
        total: 4,
        seconds: 42.4,
      }),
    );
    // A second database over the same bytes sees it: it was persisted.
    const again = createRecordsDb({ blobs, key: 'records', schemas: FEATURE_SCHEMAS });
    const rows = await again.read((db) => recentTimelineResults(db));
    expect(rows).toEqual([{ at: 1000, scenarioId: 'acceptance', score: 3, total: 4, seconds: 42 }]);
    const stored = await again.read((db) =>
      db.get('SELECT scenario, predictions FROM timeline_results'),
    );
    expect(JSON.parse(String(stored?.scenario))).toEqual(scenario);
    expect(JSON.parse(String(stored?.predictions))).toEqual({ 'a-finish': 'refused' });
    const activity = await again.read((db) => db.get('SELECT kind, subject, detail FROM activity'));
    expect(activity).toEqual({
      kind: 'timeline.scored',
      subject: 'acceptance',
      detail: '{"score":3,"total":4}',
    });
  });
});
