import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseFileById, type CaseFile } from './cases';
import { loadTimelineEngine, stepViewsOf } from '@/lib/timeline';
import { TIMELINE_SCENARIOS } from './timeline/scenarios';
import { flattenQuestions, FOUNDATIONS, REFERENCES, REFERENCES_LEAD } from './lesson';
import { MIGRATION_CASES } from './lesson/cases';
import { CHECK_QUESTION } from './lesson/lesson';

/**
 * The adversarial review of issue 40 (docs/sources.md, "Adversarial review, 6 December 2026"):
 * each finding that a text can show, read from the text the learner meets.
 */
const all = (paragraphs: readonly string[]) => paragraphs.join(' ');
const caseText = (id: string): string => {
  const c = caseFileById(id) as CaseFile;
  return [
    ...c.account.beforeRun,
    ...c.account.afterRun,
    ...c.fixed,
    c.predict,
    ...c.runs.flatMap((r) => [r.label, r.summary, r.predict ?? '']),
    ...c.sources.map((s) => s.note),
  ].join(' ');
};
const answer = (id: string) => all(flattenQuestions().find((q) => q.id === id)?.answer ?? []);
const foundation = (id: string) => all(FOUNDATIONS.find((f) => f.id === id)?.body ?? []);
const sourcesMd = fs.readFileSync(
  fileURLToPath(new URL('../docs/sources.md', import.meta.url)),
  'utf8',
);

describe('adversarial review of issue 40', () => {
  it('Kubernetes: comparing the holder identity cannot tell an old process from its restart', () => {
    const text = caseText('kubernetes-leader-election');
    expect(text).not.toMatch(/compare the holder identity as well as the count/);
    expect(text).toMatch(/nothing in the Lease tells them apart/);
    expect(text).not.toMatch(/for the clock drift they expect/);
    expect(text).toMatch(/how far clock rates may differ/);
  });

  it('Chubby: an opaque sequencer; the generation grows from free to held; lock-delay set at open', () => {
    const text = caseText('chubby-sequencer');
    expect(text).not.toMatch(/short byte string/);
    expect(text).toMatch(/opaque byte string/);
    expect(text).toMatch(/goes from free to held/);
    expect(text).not.toMatch(/could not be changed/);
  });

  it('Sidekiq: super_fetch is the maintainer’s answer, and #4611 shows it misfire', () => {
    const text = caseText('visibility-timeout');
    expect(text).not.toMatch(/recovers only jobs of dead processes/);
    expect(text).toMatch(/switch to super_fetch/);
    expect(text).toMatch(/#4611 shows/);
  });

  it('Celery’s documentation is its own source, not issue #2599', () => {
    const sources = (caseFileById('visibility-timeout') as CaseFile).sources;
    const issue = sources.find((s) => s.url.endsWith('/celery/issues/2599'));
    expect(issue?.cite).toBe('visibility-timeout.celery-2599');
    const docs = sources.find((s) => s.url.includes('docs.celeryq.dev'));
    expect(docs?.cite).toEqual([
      'visibility-timeout.celery-default',
      'visibility-timeout.celery-caveat',
    ]);
  });

  it('Kafka: no unsourced marker detail; KIP-588 is a proposal', () => {
    const text = caseText('kafka-producer-epoch');
    expect(text).not.toMatch(/partitions it has written markers to/);
    expect(text).not.toMatch(/KIP-588 addressed/);
    expect(text).toMatch(/partition leader once the new epoch has reached it/);
  });

  it('Temporal: the RangeID check is a locked transaction, not one statement', () => {
    const text = caseText('temporal-range-id');
    expect(text).not.toMatch(/in the same statement/);
    expect(text).toMatch(/locks the shard row/);
  });

  it('cancel: a target that learns generations from writes never hears of the cancel', async () => {
    const cancel = TIMELINE_SCENARIOS.find((s) => /cancels at 2/.test(s.explanation));
    if (!cancel) throw new Error('no cancel scenario');
    expect(cancel.explanation).not.toMatch(/Every fenced target would refuse/);
    // What the scenario shows after the run: its explanation and the steps it turns on, in the
    // step view's words (issue 38), the cancel's among them.
    const trace = (await loadTimelineEngine()).run(cancel);
    const shown = stepViewsOf(trace, cancel, cancel.shows).map((v) => v.line);
    const told = [cancel.explanation, ...shown].join(' ');
    expect(told).not.toMatch(/Every fenced target would refuse/);
    expect(told).toMatch(/every target that registers the new generation/);
    expect(told).toMatch(/a target that learns a generation only from a write there never learns/);
    const remote = answer('q-remote-after-cancel');
    expect(remote).not.toMatch(/accepts the old one until then/);
    expect(remote).toMatch(/no write will ever teach it/);
  });

  it('foundations: Chubby’s own reason for sequencers; a lost increment; consensus sourced', () => {
    expect(foundation('lock-purpose')).not.toMatch(/for the same reason this lesson gives/);
    expect(foundation('lock-purpose')).toMatch(/arrive after the lock has changed hands/);
    expect(foundation('token-source')).not.toMatch(/34 again, or 33/);
    expect(foundation('token-source')).toMatch(/committed through consensus/);
  });

  it('the references lead and the check answer are no longer the source’s sentences in order', () => {
    expect(REFERENCES_LEAD).not.toMatch(/The mechanisms rest on these public sources/);
    expect(all(CHECK_QUESTION.answer)).toMatch(/^Start where the old worker's write arrives/);
    expect(answer('q-idempotency-vs-fencing')).toMatch(/^No\. Picture the stale worker/);
    const longCall = MIGRATION_CASES.find((c) => c.id === 'case-long-model-call');
    expect(all(longCall?.derivation ?? [])).toMatch(/^Count what an hour buys/);
  });

  it('Gray and Cheriton link to the SOSP proceedings; the Chubby paper is read, not second-hand', () => {
    expect(REFERENCES.find((r) => r.id === 'ref-gray-cheriton')?.href).toMatch(/74850\.74870$/);
    expect(REFERENCES.find((r) => r.id === 'ref-redis-distlock')?.href).toMatch(
      /develop\/clients\/patterns\/distributed-locks/,
    );
    const row = sourcesMd
      .split('\n')
      .find((l) => l.startsWith('| lesson.chubby-delayed-request |'));
    expect(row).not.toMatch(/the paper itself is not stored here/);
  });
});
