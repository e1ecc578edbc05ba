import { notSavedSentence } from './save-words';
import type { SaveState } from './use-autosave';

const TEXT: Record<Exclude<SaveState['kind'], 'error'>, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes (autosave after a pause)',
  saving: 'Saving…',
};

/** The one "saved" indicator of the course, beside everything that autosaves. */
export function SaveIndicator({ state, idle }: { state: SaveState; idle?: string }) {
  const text =
    state.kind === 'error'
      ? notSavedSentence(state.message, 'on-page')
      : state.kind === 'saved' && idle
        ? idle
        : TEXT[state.kind];
  return (
    <p
      role="status"
      data-save-state={state.kind}
      className={`text-sm ${state.kind === 'error' ? 'text-bad' : 'text-muted'}`}
    >
      {text}
    </p>
  );
}
