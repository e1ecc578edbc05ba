'use client';

import { useEffect, useState } from 'react';
import type { SectionEntry } from '@/content/lesson';
import { addDwell, readingProgress, sectionsRead, type DwellTimes } from '@/lib/lesson';
import { lessonSnapshot } from './lesson-store';
import { useLessonRecords } from './use-lesson-records';
import { panelClass } from '@/components/ui/panel';

const SECTION_ATTR = 'data-lesson-section';

/**
 * The lesson's table of contents with reading progress: a section counts as read once it has
 * been on screen long enough to read it, or the learner marked it; kept in the records.
 */
export function TableOfContents({ sections }: { sections: readonly SectionEntry[] }) {
  const { records, status, record } = useLessonRecords();
  const [current, setCurrent] = useState<string | null>(null);
  const ready = status === 'ready';

  useEffect(() => {
    if (!ready || typeof IntersectionObserver === 'undefined') return;
    // A section counts as read after enough time on screen for its words (lib/lesson/reading),
    // counted only while the page is visible: scrolling past it does not count.
    const visible = new Set<string>();
    const words: Record<string, number> = {};
    let times: DwellTimes = {};
    const TICK_MS = 1_000;
    const tick = () => {
      if (document.visibilityState !== 'visible' || visible.size === 0) return;
      times = addDwell(times, visible, TICK_MS);
      const { read } = lessonSnapshot().records;
      const fresh = sectionsRead(times, words).filter((id) => !(id in read));
      for (const id of fresh) delete (times as Record<string, number>)[id];
      if (fresh.length > 0)
        void record(
          fresh.map((sectionId) => ({ kind: 'read' as const, sectionId, at: Date.now() })),
        );
    };
    const timer = setInterval(tick, TICK_MS);
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = entry.target.getAttribute(SECTION_ATTR) ?? '';
        if (entry.isIntersecting) visible.add(id);
        else visible.delete(id);
      }
      const shown = entries.filter((entry) => entry.isIntersecting);
      if (shown.length > 0) {
        const top = shown.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        setCurrent(top.target.getAttribute(SECTION_ATTR));
      }
    });
    document.querySelectorAll(`[${SECTION_ATTR}]`).forEach((element) => {
      const id = element.getAttribute(SECTION_ATTR) ?? '';
      words[id] = (element.textContent ?? '').split(/\s+/).filter(Boolean).length;
      observer.observe(element);
    });
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [ready, record]);

  const progress = readingProgress(
    sections.map((s) => s.id),
    records,
  );

  return (
    <nav aria-label="Table of contents" className={panelClass({}, 'text-sm')}>
      <p className="font-bold">Contents</p>
      <div
        role="progressbar"
        aria-label="Reading progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.read}
        aria-valuetext={`${progress.read} of ${progress.total} sections read`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-surface"
      >
        <div
          className="h-full bg-accent transition-[width]"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <p className="mt-1 text-muted">
        {progress.read} of {progress.total} sections read
      </p>
      <ol className="mt-3 space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? 'location' : undefined}
              className={`flex items-start gap-2 rounded px-1 py-0.5 hover:bg-surface ${
                current === section.id ? 'font-bold text-accent' : ''
              }`}
            >
              <span
                aria-hidden="true"
                className={section.id in records.read ? 'text-good' : 'text-muted'}
              >
                {section.id in records.read ? '✓' : '○'}
              </span>
              <span>
                {section.title}
                {section.id in records.read ? <span className="sr-only"> (read)</span> : null}
              </span>
            </a>
            {section.children.length > 0 ? (
              <ol className="ml-6 hidden space-y-0.5 lg:block">
                {section.children.map((child) => (
                  <li key={child.id}>
                    <a
                      href={`#${child.id}`}
                      className="block rounded px-1 text-muted hover:bg-surface hover:text-ink"
                    >
                      {child.title}
                    </a>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
