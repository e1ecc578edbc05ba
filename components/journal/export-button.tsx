'use client';

import { exportJournal, type Journal } from '@/lib/journal';
import { Button } from '@/components/ui/button';
import { allDrafts } from './use-journal';

/** Downloads every answer and its history, plus unsaved texts, as one JSON file. */
export function downloadJournal(journal: Journal): void {
  const file = exportJournal(journal, allDrafts());
  const blob = new Blob([JSON.stringify(file)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `lease-lab-journal-${new Date(file.exportedAt).toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButton({
  journal,
  label = 'Export journal',
}: {
  journal: Journal;
  label?: string;
}) {
  return <Button onClick={() => downloadJournal(journal)}>{label}</Button>;
}
