'use client';

import { showMessage } from '@/lib/bounded';
import type { Journal } from '@/lib/journal';
import { RelativeTime } from '@/components/ui/relative-time';
import { ExportButton } from './export-button';

export interface Notice {
  tone: 'ok' | 'info' | 'warn' | 'error';
  /** The message; `{time}` in it stands for `at`, shown relative to now ("2 minutes ago"). */
  text: string;
  /** When the save the message tells of happened. */
  at?: number;
  /** Storage is full: offer the export right here. */
  offerExport?: boolean;
}

const TONES: Record<Notice['tone'], string> = {
  ok: 'border-good',
  info: 'border-line',
  warn: 'border-accent',
  error: 'border-bad',
};

/**
 * Messages about saving. A message may quote storage or a file, so each passes the door to the
 * page (lib/bounded) as it is rendered. Calm ones go to a status region, warnings and errors to an alert
 * region; both regions stay in the page so screen readers announce changes.
 */
/** A notice's text, its `{time}` drawn as a relative time that a screen reader does not re-announce. */
function NoticeText({ notice }: { notice: Notice }) {
  const [before, after] = notice.text.split('{time}', 2);
  if (notice.at === undefined || after === undefined) return <>{showMessage(notice.text)}</>;
  return (
    <>
      {showMessage(before)}
      <RelativeTime at={notice.at} quiet />
      {showMessage(after)}
    </>
  );
}

export function Notices({ notice, journal }: { notice: Notice | null; journal: Journal }) {
  const urgent = notice && (notice.tone === 'warn' || notice.tone === 'error') ? notice : null;
  const calm = notice && !urgent ? notice : null;
  const box = (n: Notice) => `rounded-md border-l-4 bg-surface-2 px-3 py-2 ${TONES[n.tone]}`;
  return (
    <div>
      <div role="status">
        {calm ? (
          <p className={box(calm)}>
            <NoticeText notice={calm} />
          </p>
        ) : null}
      </div>
      <div role="alert">
        {urgent ? (
          <div className={`${box(urgent)} space-y-2`}>
            <p>
              <NoticeText notice={urgent} />
            </p>
            {urgent.offerExport ? (
              <ExportButton journal={journal} label="Export journal and unsaved text" />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
