const SIZES = { 2: 'text-2xl font-bold tracking-tight', 3: 'text-lg font-bold' } as const;

/**
 * A heading with a stable anchor and a visible link to it, for sharing a place in the lesson.
 * The link sits beside the heading so the heading's accessible name stays just its title.
 */
export function AnchorHeading({ id, level, title }: { id: string; level: 2 | 3; title: string }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex items-baseline gap-2">
      <Tag id={id} className={`scroll-mt-6 ${SIZES[level]}`}>
        {title}
      </Tag>
      <a
        href={`#${id}`}
        className="text-muted no-underline hover:text-accent"
        aria-label={`Link to “${title}”`}
      >
        #
      </a>
    </div>
  );
}
