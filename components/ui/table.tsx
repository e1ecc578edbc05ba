import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * What names a table for a screen reader, always one of: a visible `caption` (a `title` over it,
 * or a small `note`), a `label` (aria-label), or `labelledBy`, the id of a heading that names it.
 */
type TableName =
  | { caption: ReactNode; captionStyle?: CaptionStyle; label?: never; labelledBy?: never }
  | { caption?: never; captionStyle?: never; label: string; labelledBy?: never }
  | { caption?: never; captionStyle?: never; label?: never; labelledBy: string };

const CAPTION = {
  title: 'mb-1 text-left text-sm font-semibold',
  note: 'px-2 py-1 text-left text-xs text-muted',
  /** A bar across the top of a boxed table (the SQL console's statement over its result). */
  bar: 'bg-surface-2 px-3 py-2 text-left font-mono text-xs text-muted',
};
type CaptionStyle = keyof typeof CAPTION;

/**
 * A `stack`ed table on a phone (below Tailwind's `sm`): its headings stay for screen readers only
 * and each row lays its cells out as its own grid (the row's classes say how), so a long text
 * cell wraps across the screen instead of being cut at its right edge. Explicit roles keep it a
 * table for assistive technology whatever its CSS display; its rows and cells take them too.
 */
const STACK = {
  head: { role: 'rowgroup', className: 'max-sm:sr-only' },
  body: { role: 'rowgroup', className: 'max-sm:block' },
  headRow: { role: 'row' },
  heading: { role: 'columnheader' },
} as const;

/**
 * A data table that scrolls sideways on a phone instead of widening the page (or, with `stack`,
 * lays each row out across the phone's width): column headings from `columns` (none: a table of
 * a caption only, such as a statement that returned no rows), rows as children ({@link Row},
 * {@link Cell}). With `region` (a string naming it) the scrolling box is a focusable region, so
 * a keyboard can scroll a wide table too.
 */
export function Table({
  columns,
  caption,
  captionStyle = 'note',
  label,
  labelledBy,
  region,
  children,
  className = '',
  tableClassName = '',
  stack = false,
}: TableName & {
  columns: readonly ReactNode[];
  region?: string;
  children: ReactNode;
  className?: string;
  /** Extra classes of the table itself (a monospaced or a smaller font). */
  tableClassName?: string;
  /** Each row its own grid on a phone ({@link STACK}). */
  stack?: boolean;
}) {
  const part = stack ? STACK : { head: {}, body: {}, headRow: {}, heading: {} };
  return (
    <div
      className={`overflow-x-auto ${className}`.trim()}
      {...(region ? { role: 'region', tabIndex: 0, 'aria-label': region } : {})}
    >
      <table
        role={stack ? 'table' : undefined}
        className={`w-full text-left text-sm ${stack ? 'max-sm:block' : ''} ${tableClassName}`
          .replace(/\s+/g, ' ')
          .trim()}
        aria-label={label}
        aria-labelledby={labelledBy}
      >
        {caption ? <caption className={CAPTION[captionStyle]}>{caption}</caption> : null}
        {columns.length > 0 ? (
          <thead {...part.head}>
            <tr className="border-b border-line" {...part.headRow}>
              {columns.map((column, i) => (
                <th key={i} scope="col" className="px-2 py-1" {...part.heading}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody {...part.body}>{children}</tbody>
      </table>
    </div>
  );
}

/** A table row. */
export function Row({ className = '', ...props }: ComponentPropsWithoutRef<'tr'>) {
  return <tr className={`border-b border-line/60 align-top ${className}`.trim()} {...props} />;
}

/** A cell; `header` makes it the row's heading (th scope="row"). */
export function Cell({
  header = false,
  className = '',
  ...props
}: { header?: boolean } & ComponentPropsWithoutRef<'td'>) {
  const cls = `px-2 py-1 ${className}`.trim();
  return header ? (
    <th scope="row" className={`${cls} font-normal`} {...props} />
  ) : (
    <td className={cls} {...props} />
  );
}
