'use client';

import { useEffect, useState } from 'react';
import type { SectionEntry } from '@/content/lesson';
import { readingProgress } from '@/lib/lesson';
import { lessonSnapshot } from './lesson-store';
import { useLessonRecords } from './use-lesson-records';

const SECTION_ATTR = 'data-lesson-section';

/**
 * The lesson's table of contents with reading progress: a section counts as read once it has
 * been on screen, and that is kept in the records so progress survives a reload.
 */
export function TableOfContents({ sections }: { sections: readonly SectionEntry[] }) {
  const { records, status, record } = useLessonRecords();
  const [current, setCurrent] = useState<string | null>(null);
  const ready = status === 'ready';

  useEffect(() => {
    if (!ready || typeof IntersectionObserver === 'undefined') return;
    const seen = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const { read } = lessonSnapshot().records;
      const fresh = [...seen].filter((id) => !(id in read));
      seen.clear();
      void record(fresh.map((sectionId) => ({ kind: 'read' as const, sectionId, at: Date.now() })));
    };
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.filter((entry) => entry.isIntersecting);
      for (const entry of visible) seen.add(entry.target.getAttribute(SECTION_ATTR) ?? '');
      if (visible.length > 0) {
        const top = visible.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        setCurrent(top.target.getAttribute(SECTION_ATTR));
        timer ??= setTimeout(flush, 250);
      }
    });
    document.querySelectorAll(`[${SECTION_ATTR}]`).forEach((element) => observer.observe(element));
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ready, record]);

  const progress = readingProgress(
    sections.map((s) => s.id),
    records,
  );

  return (
    <nav
      aria-label="Table of contents"
      className="rounded-lg border border-line bg-surface-2 p-4 text-sm"
    >
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
