import type { ReactNode } from 'react';
import { panelClass } from './panel';

/**
 * Disclosure: a summary line that opens to show more (a native details element, so it works with
 * the keyboard and without script). `boxed` draws it as a plain panel.
 */
export function Reveal({
  summary,
  children,
  open,
  boxed = false,
  small = false,
  className = '',
}: {
  summary: ReactNode;
  children: ReactNode;
  open?: boolean;
  boxed?: boolean;
  /** Summary in small text (inside a card). */
  small?: boolean;
  className?: string;
}) {
  const box = boxed ? panelClass({ tone: 'plain', padding: 'sm' }, className) : className;
  return (
    <details open={open} className={box || undefined}>
      <summary className={`cursor-pointer font-semibold${small ? ' text-sm' : ''}`}>
        {summary}
      </summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}
