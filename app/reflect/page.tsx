import type { Metadata } from 'next';
import Link from 'next/link';
import { JournalWorkspace } from '@/components/journal/journal-workspace';
import { PageHeader } from '@/components/ui/page-header';
import { JOURNAL_PROMPTS } from '@/content/reflect';

export const metadata: Metadata = { title: 'Reflect: your answer journal' };

export default function ReflectPage() {
  return (
    <>
      <PageHeader eyebrow="Reflect" title="Your answers, with every version kept">
        <p>
          Answer in your own words. Every save, and every pause in typing, adds a version to the
          history: nothing is overwritten, so you can compare how your answer grew and restore an
          earlier one. Then{' '}
          <Link href="/reflect/self-assessment" className="font-semibold text-accent underline">
            rate yourself against the standards
          </Link>
          .
        </p>
      </PageHeader>
      <JournalWorkspace prompts={JOURNAL_PROMPTS} />
    </>
  );
}
