import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on a phone instead of widening the page: column headings
 * from `columns`, rows as children ({@link Row}, {@link Cell}).
 */
export function Table({
  columns,
  caption,
  children,
  className = '',
}: {
  columns: readonly ReactNode[];
  /** A visible caption (what the table shows); omit when a heading names it. */
  caption?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`overflow-x-auto ${className}`.trim()}>
      <table className="w-full text-left text-sm">
        {caption ? (
          <caption className="px-2 py-1 text-left text-xs text-muted">{caption}</caption>
        ) : null}
        <thead>
          <tr className="border-b border-line">
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-2 py-1">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table row. */
export function Row({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <tr className={`border-b border-line/60 align-top ${className}`.trim()}>{children}</tr>;
}

/** A cell; `header` makes it the row's heading (th scope="row"). */
export function Cell({
  children,
  header = false,
  className = '',
  colSpan,
}: {
  children: ReactNode;
  header?: boolean;
  className?: string;
  colSpan?: number;
}) {
  const cls = `px-2 py-1 ${className}`.trim();
  return header ? (
    <th scope="row" className={`${cls} font-normal`} colSpan={colSpan}>
      {children}
    </th>
  ) : (
    <td className={cls} colSpan={colSpan}>
      {children}
    </td>
  );
}
