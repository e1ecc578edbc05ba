import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AfterRunProvider } from '@/components/cases/after-run';
import { CaseFixed } from '@/components/cases/case-fixed';
import { CasePlayer } from '@/components/cases/case-player';
import { CaseSources } from '@/components/cases/case-sources';
import { PageHeader } from '@/components/ui/page-header';
import {
  CASE_FILES,
  CASE_PATTERN_LABELS,
  caseFileById,
  casePatterns,
  caseScenario,
} from '@/content/cases';
import { panelClass } from '@/components/ui/panel';

export const dynamicParams = false;

export function generateStaticParams() {
  return CASE_FILES.map((c) => ({ id: c.id }));
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const found = caseFileById((await params).id);
  return { title: found ? `Case ${found.number}: ${found.title}` : 'Case file' };
}

export default async function CaseFilePage({ params }: { params: Promise<{ id: string }> }) {
  const caseFile = caseFileById((await params).id);
  if (!caseFile) notFound();
  return (
    <>
      <PageHeader eyebrow={`Case file ${caseFile.number}`} title={caseFile.title}>
        <p>{caseFile.system}</p>
      </PageHeader>
      <AfterRunProvider>
        <div className="space-y-10">
          <section aria-labelledby="case-account" className="max-w-3xl space-y-3">
            <h2 id="case-account" className="text-2xl font-bold">
              1. What happened
            </h2>
            {caseFile.account.beforeRun.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
            <p className="text-sm text-muted">
              Token: <strong>{caseFile.tokenName}</strong>. Patterns:{' '}
              {casePatterns(caseFile)
                .map((p) => CASE_PATTERN_LABELS[p])
                .join(', ')}
              .
            </p>
            <dl
              className={panelClass(
                { tone: 'plain', padding: 'sm' },
                'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm',
              )}
            >
              {caseFile.cast.map((c) => (
                <div key={c.lane} className="contents">
                  <dt className="font-mono font-semibold">{c.lane}</dt>
                  <dd>{c.is}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="case-play" className="space-y-3">
            <h2 id="case-play" className="text-2xl font-bold">
              2. Predict, then run
            </h2>
            <CasePlayer caseFile={caseFile} />
          </section>
          <section aria-labelledby="case-fixed" className="max-w-3xl space-y-3">
            <h2 id="case-fixed" className="text-2xl font-bold">
              3. What fixed it
            </h2>
            <CaseFixed
              scenarioIds={caseFile.runs.map((run) => caseScenario(caseFile, run).id)}
              fixed={caseFile.fixed}
            />
          </section>
          <CaseSources caseFile={caseFile} />
          <p>
            <Link href="/learn/case-files" className="font-semibold text-accent underline">
              All case files
            </Link>
          </p>
        </div>
      </AfterRunProvider>
    </>
  );
}
