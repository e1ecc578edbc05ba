import type { Metadata } from 'next';
import { CrashLab } from '@/components/crash-lab/crash-lab';
import { HistoryImport } from '@/components/crash-lab/history-import';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Crash lab' };

export default function CrashLabPage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Crash lab">
        <p>
          One run goes through collect, draft, verify and publish. Each worker is a real Web Worker:
          pick a fault point where it dies by itself, or press Kill while it works. When its lease
          runs out, a new worker takes over from the last checkpoint. A separate publisher database
          must end with exactly one receipt. Then evaluate.
        </p>
        <p className="mt-2 text-base">
          The same experiment runs with real processes and files: <code>npm run lab -- sweep</code>.
        </p>
      </PageHeader>
      <CrashLab />
      <HistoryImport />
    </>
  );
}
