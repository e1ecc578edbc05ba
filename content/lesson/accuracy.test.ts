import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitsPosition, FENCED_TARGETS } from '@/lib/lease';
import { CASE_FILES } from '@/content/cases';
import {
  DEMO_PROGRAM,
  DROP_STARTER,
  FIX_SOLUTION,
  FIX_STARTER,
} from '@/content/claim-lab/programs';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { flattenQuestions, MIGRATION_CASES, MISTAKES, RULE_PARTS } from './index';

/**
 * The points issue 23's content review found inaccurate, each pinned to the text that now says
 * it correctly, and where a rule of the engine decides, to that rule. One test per point.
 */
const all = (paragraphs: readonly string[]) => paragraphs.join(' ');
const answer = (id: string) => all(flattenQuestions().find((q) => q.id === id)?.answer ?? []);
const theCase = (id: string) => all(MIGRATION_CASES.find((c) => c.id === id)?.derivation ?? []);
const caseFile = (id: string) => {
  const file = CASE_FILES.find((c) => c.id === id);
  if (!file) throw new Error(id);
  return JSON.stringify(file);
};

/** Every content module's source text (tests excluded): the words a learner can meet. */
function contentSources(): string {
  const root = path.resolve(__dirname, '..');
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
        texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  walk(root);
  return texts.join('\n');
}

describe('issue 23: the accuracy points of the content review', () => {
  it('an ETag remembered at claim time is shared by two claims when nothing wrote in between', () => {
    const report = theCase('case-remote-report');
    expect(report).toMatch(/expect the same ETag/);
    expect(report).toMatch(/412/);
    expect(report).toMatch(/every claim changes the object's version/);
    expect(answer('q-idempotency-vs-fencing')).toMatch(/every claim changes that version/);
    expect(contentSources()).not.toMatch(/captured when the task was claimed/);
  });

  it('an older generation is refused only once the resource has learned the newer one', () => {
    const text = all(RULE_PARTS.flatMap((p) => p.body));
    expect(text).toMatch(/once the resource has learned of a newer generation/);
    expect(text).not.toMatch(/can land after a newer generation has started/);
    // The library shows it: before B writes through the first-write gateway, A's write lands.
    const firstWrite = TIMELINE_SCENARIOS.find((s) => s.id === 'gateway-first-write')!;
    const stale = firstWrite.events.find((e) => e.id === 'a-write-1');
    expect(stale && 'expect' in stale ? stale.expect : undefined).toBe('applied');
  });

  it('the pair check refuses going backwards and accepts any batch at or above the highest seen', () => {
    const report = FENCED_TARGETS.report;
    const seen = { generation: 2, batch: 3 };
    expect(admitsPosition(report, 2, 5, seen)).toBe(true); // a gap
    expect(admitsPosition(report, 2, 3, seen)).toBe(true); // a repeat
    expect(admitsPosition(report, 2, 2, seen)).toBe(false);
    expect(admitsPosition(report, 1, 9, seen)).toBe(false);
    const text = answer('q-fence-per-batch');
    expect(text).not.toMatch(/next one expected/);
    expect(text).toMatch(/does not demand the very next batch/);
  });

  it('ZooKeeper: the lock node’s czxid or sequence number, never its data version', () => {
    const text = caseFile('zookeeper-session');
    expect(text).toMatch(/czxid/);
    expect(text).toMatch(/starts at version 0/);
    expect(text).not.toMatch(/znode version|zxid or version/);
  });

  it('Temporal: the owner raises RangeID again when it renews its range', () => {
    expect(caseFile('temporal-range-id')).toMatch(/increments it again each time it renews/);
    expect(caseFile('temporal-range-id')).not.toMatch(/one step per new owner/);
  });

  it('client-go: leaseTransitions rises only when a different identity acquires the lease', () => {
    const text = caseFile('kubernetes-leader-election');
    expect(text).toMatch(/passed to a different identity/);
    expect(text).toMatch(/same identity.*leaves the count unchanged/);
  });

  it('the long lock transaction states the finish conditions and the clock it is judged by', () => {
    const mistake = MISTAKES.find((m) => m.id === 'mistake-long-lock-transaction')!;
    const situation = all(mistake.prediction.situation);
    expect(situation).toMatch(/lease_until > now\(\)/);
    expect(situation).toMatch(/`now\(\)` is the time the transaction started/);
    const done = mistake.prediction.writes.find((w) => w.id === 'a-done')!;
    expect(done.fate).toBe('applied');
    expect(done.why).toMatch(/clock_timestamp\(\)/);
  });

  it('Chubby: the holder chooses the lock-delay, at most one minute', () => {
    const text = caseFile('chubby-sequencer');
    expect(text).toMatch(
      /lock-delay that the holder set when it opened the lock’s file, at most one minute/,
    );
    expect(text).not.toMatch(/by default up to a minute|a minute by default/);
  });

  it('zero rows changed means a condition failed, not necessarily a lost run', () => {
    for (const program of [DEMO_PROGRAM, DROP_STARTER, FIX_STARTER, FIX_SOLUTION]) {
      expect(program).not.toMatch(/lost the right to commit/);
      expect(program).toMatch(/0 means a condition failed \(owner, fence, lease or status\)/);
    }
  });

  it('no gateway checks a "cancel epoch": the cancel raises the generation, and nothing models an epoch', () => {
    expect(contentSources()).not.toMatch(/cancel epoch|cancel_epoch/);
    expect(answer('q-remote-after-cancel')).toMatch(/token is still the current generation/);
  });

  it('a write already issued is turned away by a generation check, not by idempotency', () => {
    const text = theCase('case-long-model-call');
    expect(text).not.toMatch(/idempotency or a conditional commit/);
    expect(text).toMatch(/conditional write that compares the generation/);
    expect(text).toMatch(/does not refuse a stale worker/);
  });
});
