import { useStorageAvailable } from '@/components/storage/storage-notices';
import { STORAGE_UNAVAILABLE } from '@/lib/storage';
import { notSavedSentence } from './save-words';
import type { SaveState } from './use-autosave';

const TEXT: Record<Exclude<SaveState['kind'], 'error'>, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes (autosave after a pause)',
  saving: 'Saving…',
};

/**
 * The words of the save indicator for a state. Where the browser gives no storage, nothing is
 * ever said saved or about to be: from load, the line says what a refused save says, in the
 * storage module's one sentence, so it agrees with the page's notice before anything is typed.
 */
export function saveIndicatorText(
  state: SaveState,
  storageAvailable: boolean,
  idle?: string,
): string {
  if (state.kind === 'error') return notSavedSentence(state.message, 'on-page');
  if (!storageAvailable) return notSavedSentence(STORAGE_UNAVAILABLE, 'on-page');
  return state.kind === 'saved' && idle ? idle : TEXT[state.kind];
}

/**
 * The one "saved" indicator of the course, beside everything that autosaves. `keptIn` says where
 * the box saves: browser storage through the door (the default), or the records database, which
 * lives in IndexedDB and keeps what is saved where only local storage is blocked (a rating saved
 * there is back after a reload, so it is never said lost; a refused save comes as an error).
 */
export function SaveIndicator({
  state,
  idle,
  keptIn = 'storage',
}: {
  state: SaveState;
  idle?: string;
  keptIn?: 'storage' | 'records';
}) {
  const storageAvailable = useStorageAvailable();
  const available = keptIn === 'records' || storageAvailable;
  const refused = state.kind === 'error' || !available;
  return (
    <p
      role="status"
      data-save-state={available ? state.kind : 'unavailable'}
      className={`text-sm ${refused ? 'text-bad' : 'text-muted'}`}
    >
      {saveIndicatorText(state, available, idle)}
    </p>
  );
}
