import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import {
  buildDesign,
  comparedDesigns,
  designStatements,
  dropFinishCondition,
  fencedDesign,
  ownerOnlyFinishDesign,
  ownerNamesInterchangeable,
  runLessonDemo,
  selectThenUpdateDesign,
  ttlOnlyDesign,
} from './index';
import { randomTokenDesign } from './designs';

describe('the broken-design catalog', () => {
  it('every compared design runs the lesson demo through the lease model', async () => {
    for (const design of comparedDesigns()) {
      const lines = runLessonDemo(await openSqlJs(), design);
      expect(lines, design.id).toHaveLength(3);
    }
  });

  it('a two-statement claim still claims through createLeaseModel', async () => {
    expect(runLessonDemo(await openSqlJs(), selectThenUpdateDesign)).toEqual([
      '1 2',
      'old: 0',
      'new: 1',
    ]);
  });

  it('ids are unique', () => {
    const ids = comparedDesigns().map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('dropFinishCondition', () => {
  it('removes exactly one condition from the lesson’s finish', () => {
    const noFence = dropFinishCondition('fence');
    expect(noFence.finish).not.toContain('fence = $token');
    expect(noFence.finish).toContain('owner = $owner');
    expect(noFence.finish).toContain("status = 'running'");
    expect(dropFinishCondition('status').finish).not.toContain("status = 'running'");
  });

  it('refuses a finish that does not have the condition', () => {
    expect(() => dropFinishCondition('fence', ttlOnlyDesign)).toThrow(
      /does not check the fence condition/,
    );
  });
});

describe('designStatements', () => {
  it('lists what a broken design changes from the lesson’s', () => {
    expect(designStatements(ttlOnlyDesign, fencedDesign).map((s) => s.label)).toEqual([
      'Renew',
      'Finish',
      'Report write (downstream store)',
      'Gateway call',
      'At takeover (the new holder registers, then acts)',
    ]);
    expect(designStatements(fencedDesign, fencedDesign)).toEqual([]);
  });
});

describe('ownerNamesInterchangeable', () => {
  it('holds for designs built from the rules, whose conditions compare names for equality', () => {
    for (const design of [...comparedDesigns(), ownerOnlyFinishDesign].filter(
      (d) => d.id !== randomTokenDesign.id,
    ))
      expect(ownerNamesInterchangeable(design), design.id).toBe(true);
  });

  it('does not hold for a claim that hashes the name, or for statements not built from the rules', () => {
    expect(ownerNamesInterchangeable(randomTokenDesign)).toBe(false);
    // A learner's edit keeps the base's rules but not its statements.
    const edited = { ...fencedDesign, finish: `${fencedDesign.finish} AND $owner <> 'B'` };
    expect(ownerNamesInterchangeable(edited)).toBe(false);
    const editedTarget = {
      ...fencedDesign,
      targets: { ...fencedDesign.targets!, sendGateway: 'SELECT 1' },
    };
    expect(ownerNamesInterchangeable(editedTarget)).toBe(false);
    expect(ownerNamesInterchangeable({ ...fencedDesign, rules: undefined })).toBe(false);
  });
});

describe('buildDesign', () => {
  it('takes only the names from its meta: a whole design passed as meta lends none of its statements', () => {
    expect(selectThenUpdateDesign.claimRead).toBeDefined();
    const rebuilt = buildDesign(selectThenUpdateDesign, fencedDesign.rules!);
    expect(rebuilt.claimRead).toBeUndefined();
    expect(rebuilt.claim).toBe(fencedDesign.claim);
    expect(rebuilt).toMatchObject({
      id: selectThenUpdateDesign.id,
      name: selectThenUpdateDesign.name,
      summary: selectThenUpdateDesign.summary,
    });
  });
});
