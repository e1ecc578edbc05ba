'use client';

import { useMemo } from 'react';
import { compareVersions, type DiffPart } from '@/lib/journal';
import { formatSize } from './format';

const KEEP = 160;

/** Long unchanged stretches are shortened to their ends, so the changes stand out. */
function Same({ text }: { text: string }) {
  if (text.length <= KEEP * 2 + 40) return <span>{text}</span>;
  return (
    <span>
      {text.slice(0, KEEP)}
      <span className="mx-1 rounded bg-surface px-1 font-sans text-xs text-muted">
        … {formatSize(text.length - KEEP * 2)} unchanged …
      </span>
      {text.slice(-KEEP)}
    </span>
  );
}

function Part({ part }: { part: DiffPart }) {
  if (part.kind === 'same') return <Same text={part.text} />;
  if (part.kind === 'added') {
    return (
      <ins className="rounded-sm bg-good/15 text-ink underline decoration-good decoration-2">
        <span className="sr-only">[added: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  return (
    <del className="rounded-sm bg-bad/15 text-ink decoration-bad decoration-2">
      <span className="sr-only">[removed: </span>
      {part.text}
      <span className="sr-only">]</span>
    </del>
  );
}

/** The differences between two versions, computed with the `diff` library; text only. */
export function DiffView({
  before,
  after,
  title,
}: {
  before: string;
  after: string;
  title: string;
}) {
  const comparison = useMemo(() => compareVersions(before, after), [before, after]);
  return (
    <figure className="space-y-2 rounded-md border border-line bg-surface-2 p-3">
      <figcaption className="font-semibold">{title}</figcaption>
      <p className="text-sm text-muted">
        {comparison.added === 0 && comparison.removed === 0
          ? 'The two versions are identical.'
          : `${formatSize(comparison.added)} added, ${formatSize(comparison.removed)} removed${
              comparison.detail === 'words'
                ? ''
                : ` (compared by ${comparison.detail === 'lines' ? 'lines' : 'whole text'}: the versions differ too much for a word-by-word view)`
            }.`}
      </p>
      <div
        tabIndex={0}
        aria-label={title}
        className="max-h-96 overflow-auto whitespace-pre-wrap break-words font-mono text-sm"
        data-testid="diff"
      >
        {comparison.parts.map((part, i) => (
          <Part key={i} part={part} />
        ))}
      </div>
    </figure>
  );
}
