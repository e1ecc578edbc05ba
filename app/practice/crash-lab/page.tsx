import type { Metadata } from 'next';
import { CrashLab } from '@/components/crash-lab/crash-lab';
import { CrashLabIntro } from '@/components/crash-lab/crash-lab-intro';
import { HistoryImport } from '@/components/crash-lab/history-import';
import { TerminalCommands } from '@/components/crash-lab/terminal-commands';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Crash lab' };

export default function CrashLabPage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Crash lab">
        <p>
          Each run goes through collect, draft, verify and publish. Each worker is a real Web
          Worker, and several can work at once on a queue of runs: pick a fault point where one dies
          by itself, or press Kill or Pause while it works. When its lease runs out, another worker
          takes over from the last checkpoint. A separate publisher database must end with exactly
          one receipt per run. Then evaluate. It all runs here, in your browser.
        </p>
      </PageHeader>
      <CrashLabIntro />
      <CrashLab />
      <HistoryImport />
      <TerminalCommands />
    </>
  );
}
