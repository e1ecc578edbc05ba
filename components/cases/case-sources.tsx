import type { CaseFile, SourceCheck } from '@/content/cases/types';
import { Panel } from '@/components/ui/panel';
import { AfterRun } from './after-run';

const CHECK_LABELS: Record<SourceCheck, string> = {
  checked: 'checked against the source',
  partly: 'partly checked',
  'not-checked': 'not checked here',
};

/**
 * The public sources of a case, each with how far we checked it, and what we could not check.
 * What was checked in each, and what we added, tells how the runs end: it opens after the run.
 */
export function CaseSources({ caseFile }: { caseFile: CaseFile }) {
  return (
    <section aria-labelledby="case-sources" className="max-w-3xl space-y-3">
      <h2 id="case-sources" className="text-2xl font-bold">
        Sources
      </h2>
      <ul className="space-y-2">
        {caseFile.sources.map((s) => (
          <Panel as="li" key={s.url} tone="plain" padding="sm">
            <a
              href={s.url}
              rel="noreferrer"
              className="font-semibold text-accent underline [overflow-wrap:anywhere]"
            >
              {s.title}
            </a>{' '}
            <span className="text-sm text-muted">({CHECK_LABELS[s.check]})</span>
            <AfterRun>
              <p className="text-sm">{s.note}</p>
            </AfterRun>
          </Panel>
        ))}
      </ul>
      <AfterRun locked="What we checked in each source, and what we could not check or added ourselves, opens once this run’s outcomes are on screen: it tells how the runs end.">
        {caseFile.unchecked?.length ? (
          <>
            <h3 className="text-lg font-semibold">What we could not check, or added ourselves</h3>
            <ul className="ml-5 list-disc space-y-1 text-sm">
              {caseFile.unchecked.map((u) => (
                <li key={u.slice(0, 40)}>{u}</li>
              ))}
            </ul>
          </>
        ) : null}
      </AfterRun>
    </section>
  );
}
