import { describe, expect, it } from 'vitest';
import { createRecordsDb } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { memoryBlobStore } from '@/lib/storage';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { CASE_FILES, caseScenario } from '@/content/cases';
import {
  CASE_PREDICTED,
  recentTimelineResults,
  saveCaseResult,
  saveTimelineResult,
  timelineSchema,
} from './records';

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

describe('case file evidence', () => {
  it('a scored case run is stored as a timeline result and logged as case.predicted for the mastery map', async () => {
    const records = createRecordsDb({
      blobs: memoryBlobStore(),
      key: 'records',
      schemas: FEATURE_SCHEMAS,
    });
    const kafka = CASE_FILES[4];
    const scenario = caseScenario(kafka, kafka.runs[0]);
    await records.write((db) =>
      saveCaseResult(
        db,
        kafka.id,
        kafka.runs[0].id,
        { at: 2000, scenario, predictions: {}, score: 6, total: 7, seconds: 30 },
        [{ eventId: 'p1-send-2', predicted: 'applied' }],
      ),
    );
    const kinds = await records.read((db) =>
      db.all('SELECT kind, subject, detail FROM activity ORDER BY id'),
    );
    expect(kinds.map((k) => k.kind)).toEqual(['timeline.scored', CASE_PREDICTED]);
    expect(kinds[1].subject).toBe('kafka-producer-epoch');
    expect(JSON.parse(String(kinds[1].detail))).toEqual({
      run: 'new-instance',
      scenario: scenario.id,
      score: 6,
      total: 7,
      missed: ['p1-send-2'],
    });
  });

  it('a run with a write left unpredicted is stored but does not count as predicted (issue 39)', async () => {
    const records = createRecordsDb({
      blobs: memoryBlobStore(),
      key: 'records',
      schemas: FEATURE_SCHEMAS,
    });
    const kafka = CASE_FILES[4];
    const scenario = caseScenario(kafka, kafka.runs[0]);
    await records.write((db) =>
      saveCaseResult(
        db,
        kafka.id,
        kafka.runs[0].id,
        { at: 2000, scenario, predictions: {}, score: 0, total: 7, seconds: 30 },
        [{ eventId: 'p1-send-2', predicted: undefined }],
      ),
    );
    const kinds = await records.read((db) => db.all('SELECT kind FROM activity ORDER BY id'));
    expect(kinds.map((k) => k.kind)).toEqual(['timeline.scored']);
  });
});
