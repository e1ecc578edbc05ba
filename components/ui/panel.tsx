import type { ComponentPropsWithoutRef, ElementType } from 'react';

/** How a panel stands out: raised (filled), plain (outlined), dashed (a placeholder), alert. */
export type PanelTone = 'raised' | 'plain' | 'dashed' | 'alert';
/** sm: dense lists; md: the usual; lg: a little more room from the small breakpoint up; none: the content sets its own (a drawing). */
export type PanelPadding = 'none' | 'sm' | 'md' | 'lg';

const TONES: Record<PanelTone, string> = {
  raised: 'border border-line bg-surface-2',
  plain: 'border border-line',
  dashed: 'border border-dashed border-line',
  alert: 'border-2 border-bad bg-surface-2',
};

const PADDING: Record<PanelPadding, string> = { none: '', sm: 'p-3', md: 'p-4', lg: 'p-4 sm:p-5' };

/**
 * The class of a panel, for elements that cannot be a {@link Panel} (a link, a fieldset with its
 * own legend handling): the one place the app's bordered-box look is written.
 */
export function panelClass(
  { tone = 'raised', padding = 'md' }: { tone?: PanelTone; padding?: PanelPadding } = {},
  extra = '',
): string {
  return [`rounded-lg ${TONES[tone]}`, PADDING[padding], extra].filter(Boolean).join(' ');
}

type PanelProps<T extends ElementType> = {
  /** The element to render (div by default): section, article, li, figure, fieldset, dl… */
  as?: T;
  tone?: PanelTone;
  padding?: PanelPadding;
  className?: string;
} & Omit<ComponentPropsWithoutRef<T>, 'as' | 'className'>;

/** A bordered box: the app's card, callout and group. */
export function Panel<T extends ElementType = 'div'>({
  as,
  tone,
  padding,
  className = '',
  ...props
}: PanelProps<T>) {
  const Tag: ElementType = as ?? 'div';
  return <Tag className={panelClass({ tone, padding }, className)} {...props} />;
}
