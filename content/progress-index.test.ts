import { describe, expect, it } from 'vitest';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { DROP_ID, LAB_EXERCISES } from '@/content/claim-lab/exercises';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { DESIGN_CATALOG } from '@/lib/lease';
import {
  CASE_FILE_IDS,
  CASE_FILE_VARIANTS,
  CHALLENGE_IDS,
  DESIGN_IDS,
  DROP_CHALLENGE_ID,
  TIMELINE_SCENARIO_IDS,
} from './progress-index';

describe('the progress index names exactly what the content holds', () => {
  it('claim-lab challenges', () => {
    expect(CHALLENGE_IDS).toEqual(
      LAB_EXERCISES.filter((e) => e.kind === 'challenge').map((e) => e.id),
    );
  });
  it('the drop-one-condition challenge', () => {
    expect(DROP_CHALLENGE_ID).toBe(DROP_ID);
  });
  it('timeline scenarios', () => {
    expect(TIMELINE_SCENARIO_IDS).toEqual(TIMELINE_SCENARIOS.map((s) => s.id));
  });
  it('case files', () => {
    expect(CASE_FILE_IDS).toEqual(CASE_FILES.map((c) => c.id));
  });
  it("case files' variants, by the scenario ids their runs are scored under", () => {
    expect(CASE_FILE_VARIANTS).toEqual(
      Object.fromEntries(CASE_FILES.map((f) => [f.id, f.runs.map((r) => caseScenario(f, r).id)])),
    );
  });
  it('designs', () => {
    expect(DESIGN_IDS).toEqual(DESIGN_CATALOG.map((d) => d.id));
  });
});
