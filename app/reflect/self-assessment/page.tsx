import type { Metadata } from 'next';
import Link from 'next/link';
import { SelfAssessment } from '@/components/reflect/self-assessment';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Reflect: self-assessment' };

export default function SelfAssessmentPage() {
  return (
    <>
      <PageHeader eyebrow="Reflect" title="How far do you understand it?">
        <p>
          Rate yourself on each standard, inspection and checkpoint: not yet, partly or confident.
          Every rating is kept with its time, so you can see how you moved. Write your reasoning in{' '}
          <Link href="/reflect" className="font-semibold text-accent underline">
            your answer journal
          </Link>
          .
        </p>
      </PageHeader>
      <SelfAssessment />
    </>
  );
}
