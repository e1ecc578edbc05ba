import { highlight, type Token } from './highlight';
import type { EditorLanguage } from './types';

const KIND_CLASS: Record<Token['kind'], string> = {
  plain: '',
  keyword: 'text-accent font-semibold',
  string: 'text-good',
  comment: 'text-muted italic',
  number: 'text-bad',
};

/**
 * The program, highlighted and read-only, in the editor's place while Monaco loads (as
 * react.dev's Sandpack shows its code first): the learner can read it and Run it at once.
 */
export function CodePreview({
  value,
  language,
  label,
}: {
  value: string;
  language: EditorLanguage;
  label: string;
}) {
  return (
    <div className="relative h-full" data-testid="code-preview">
      <pre
        aria-label={`${label} (read-only until the editor has loaded)`}
        tabIndex={0}
        className="h-full overflow-auto bg-surface p-3 font-mono text-sm leading-[19px] whitespace-pre-wrap"
      >
        {highlight(value, language).map((token, i) =>
          token.kind === 'plain' ? (
            token.text
          ) : (
            <span key={i} className={KIND_CLASS[token.kind]}>
              {token.text}
            </span>
          ),
        )}
      </pre>
      <p className="absolute top-2 right-3 rounded bg-surface-2 px-2 py-0.5 text-xs text-muted">
        Loading the editor…
      </p>
    </div>
  );
}
