import type { Metadata } from 'next';
import Link from 'next/link';
import { JournalWorkspace } from '@/components/journal/journal-workspace';
import { MasteryMap } from '@/components/reflect/mastery-map';
import { PathSoFar } from '@/components/progress/path-so-far';
import { PageHeader } from '@/components/ui/page-header';
import { JOURNAL_PROMPTS } from '@/content/reflect';

export const metadata: Metadata = { title: 'Reflect: your answer journal' };

export default function ReflectPage() {
  return (
    <>
      <PageHeader eyebrow="Reflect" title="Your answers, with every version kept">
        <p>
          Answer in your own words. Every answer box of the lesson writes here too. Every save, and
          every pause in typing, adds a version to the history: nothing is overwritten, so you can
          compare how your answer grew and restore an earlier one. Then{' '}
          <Link href="/reflect/self-assessment" className="font-semibold text-accent underline">
            rate yourself against the standards
          </Link>
          .
        </p>
      </PageHeader>
      <JournalWorkspace prompts={JOURNAL_PROMPTS} />
      <PathSoFar />
      <section aria-labelledby="mastery-map" className="mt-12 space-y-3">
        <h2 id="mastery-map" className="text-2xl font-bold">
          Mastery map
        </h2>
        <p className="text-muted">
          Each inspection, mistake, standard and checkpoint is proved by graded exercises that
          someone holding the misconception gets wrong. A quiz or a prediction counts only on its
          first try.
        </p>
        <MasteryMap />
      </section>
    </>
  );
}
