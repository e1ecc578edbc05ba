import type { ReactNode } from 'react';

/** The heading block every page starts with: an eyebrow (the mode), the title and a lead. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8">
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{eyebrow}</p>
      ) : null}
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 max-w-3xl text-lg text-muted">{children}</div> : null}
    </div>
  );
}
