import type { EditorMarker } from '@/components/code-editor/code-editor';
import { ShownInBatches } from '@/components/ui/show-more';

/** Type errors listed at first and per "Show more": a program can have thousands. */
export const FIRST_TYPE_ERRORS = 20;

/** The program's type errors, each with its line, the first 20 at a time. */
export function TypeErrorList({ errors }: { errors: readonly EditorMarker[] }) {
  return (
    <ShownInBatches
      items={errors}
      first={FIRST_TYPE_ERRORS}
      batch={FIRST_TYPE_ERRORS}
      noun="type errors"
    >
      {(shown) => (
        <ol aria-label="Type errors" className="space-y-1 text-sm">
          {shown.map((error, i) => (
            <li key={i} className="font-mono [overflow-wrap:anywhere]">
              <span className="font-sans font-semibold">Line {error.line}:</span> {error.message}
            </li>
          ))}
        </ol>
      )}
    </ShownInBatches>
  );
}
