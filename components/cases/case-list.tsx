'use client';

import Link from 'next/link';
import { useState } from 'react';
import { CASE_PATTERN_LABELS, CASE_PATTERNS, type CasePattern } from '@/content/cases/types';
import { panelClass } from '@/components/ui/panel';

export interface CaseSummary {
  id: string;
  number: number;
  title: string;
  system: string;
  tokenName: string;
  patterns: CasePattern[];
}

/** The case files with a filter by pattern (what protected the resource, if anything). */
export function CaseList({ cases }: { cases: readonly CaseSummary[] }) {
  const [pattern, setPattern] = useState<CasePattern | null>(null);
  const shown = pattern ? cases.filter((c) => c.patterns.includes(pattern)) : cases;
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Filter by pattern" className="flex flex-wrap gap-2">
        {[null, ...CASE_PATTERNS].map((p) => (
          <button
            key={p ?? 'all'}
            type="button"
            aria-pressed={pattern === p}
            onClick={() => setPattern(p)}
            className={`rounded-full border px-3 py-1 text-sm font-semibold ${
              pattern === p ? 'border-accent bg-accent text-accent-ink' : 'border-line bg-surface'
            }`}
          >
            {p ? CASE_PATTERN_LABELS[p] : 'All patterns'}
          </button>
        ))}
      </div>
      <p role="status" className="text-sm text-muted">
        {shown.length} of {cases.length} case files
        {pattern ? ` show “${CASE_PATTERN_LABELS[pattern]}”` : ''}.
      </p>
      <ol aria-label="Case files" className="grid gap-3 md:grid-cols-2">
        {shown.map((c) => (
          <li key={c.id}>
            <Link
              href={`/learn/case-files/${c.id}`}
              className={panelClass({}, 'block h-full transition hover:border-accent')}
            >
              <span className="text-sm font-semibold text-accent">Case {c.number}</span>
              <span className="block text-lg font-bold">{c.title}</span>
              <span className="mt-1 block text-sm text-muted">{c.system}</span>
              <span className="mt-2 block text-sm">
                Token: <em>{c.tokenName}</em> ·{' '}
                {c.patterns.map((p) => CASE_PATTERN_LABELS[p]).join(' / ')}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
