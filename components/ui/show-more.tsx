'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How many items of a long list to draw: `first` at once, `batch` more on each request, and
 * `first` again when the list itself changes (a new run). Drawing a 500-row table or 200 step
 * snapshots in one render was a 400-700 ms task; a batch is sized to render in well under 50 ms.
 */
export function useShownCount(
  items: readonly unknown[],
  first: number,
  batch: number,
): { shown: number; more: () => void } {
  const [state, setState] = useState({ items, shown: first });
  if (state.items !== items) setState({ items, shown: first });
  const current = state.items === items ? state.shown : first;
  return {
    shown: Math.min(current, items.length),
    more: () => setState((s) => ({ items, shown: (s.items === items ? s.shown : first) + batch })),
  };
}

/**
 * "Showing steps 1–10 of 200." and a "Show 20 more steps" button, under a list drawn in batches;
 * "Showing steps 1–10 of 502; only the first 200 are kept." when the list holds only the first
 * of what there was ("of more than 100,000" when that was not counted to the end). Nothing when
 * the whole of it fits in the first batch. When the last batch is drawn the button goes, and
 * keyboard focus moves to the count line instead of being dropped on the page.
 */
export function ShowMore({
  shown,
  total,
  of = total,
  ofAtLeast = false,
  batch,
  noun,
  onMore,
  first,
}: {
  shown: number;
  /** Items the list holds. */
  total: number;
  /** How many there were in all, when the list holds only the first `total` of them. */
  of?: number;
  /** True when `of` is a count that stopped before the end: "of more than 100,000". */
  ofAtLeast?: boolean;
  batch: number;
  /** What the list holds, plural: "steps", "lines", "rows", "type errors". */
  noun: string;
  onMore: () => void;
  /** The first batch's size: with no more items than this, there is nothing to say. */
  first: number;
}) {
  const line = useRef<HTMLParagraphElement>(null);
  const focusLine = useRef(false);
  useEffect(() => {
    if (!focusLine.current || shown < total) return;
    focusLine.current = false;
    line.current?.focus();
  }, [shown, total]);
  const dropped = of > total || ofAtLeast;
  if (total <= first && !dropped) return null;
  const next = Math.min(batch, total - shown);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1 text-sm text-muted">
      {/* Polite: a screen reader hears the new count after "Show more", focus stays put. */}
      <p
        ref={line}
        tabIndex={-1}
        aria-live="polite"
        data-testid="shown-count"
        className="outline-offset-2"
      >
        Showing {noun} 1–{count(shown)} of {ofAtLeast ? 'more than ' : ''}
        {count(dropped ? of : total)}
        {dropped ? `; only the first ${count(total)} are kept.` : '.'}
      </p>
      {next > 0 ? (
        <Button
          onClick={(event) => {
            focusLine.current = event.currentTarget === document.activeElement;
            onMore();
          }}
        >
          Show {count(next)} more {noun}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A long list drawn lazily: `children` gets the items to draw now (the first screenful, then
 * more on request), followed by the count and the "Show more" button.
 */
export function ShownInBatches<T>({
  items,
  first,
  batch,
  noun,
  of,
  children,
}: {
  items: readonly T[];
  /** How many there were in all, when `items` holds only the first of them. */
  of?: number;
  first: number;
  batch: number;
  noun: string;
  children: (shown: readonly T[]) => ReactNode;
}) {
  const { shown, more } = useShownCount(items, first, batch);
  return (
    <>
      {children(shown >= items.length ? items : items.slice(0, shown))}
      <ShowMore
        shown={shown}
        total={items.length}
        of={of}
        batch={batch}
        noun={noun}
        onMore={more}
        first={first}
      />
    </>
  );
}
