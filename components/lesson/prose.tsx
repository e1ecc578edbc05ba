import type { Paragraphs } from '@/content/lesson';

/** Text with `backtick` spans shown as inline code. */
export function InlineText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-surface-2 px-1 py-0.5 text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Paragraphs of lesson prose. */
export function Prose({
  paragraphs,
  className = '',
}: {
  paragraphs: Paragraphs;
  className?: string;
}) {
  return (
    <div className={`space-y-3 ${className}`}>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          <InlineText text={paragraph} />
        </p>
      ))}
    </div>
  );
}
