import { describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '@/lib/storage';
import { saveIndicatorText } from './save-indicator';
import type { SaveState } from './use-autosave';

const STATES: SaveState[] = [
  { kind: 'saved' },
  { kind: 'unsaved' },
  { kind: 'saving' },
  { kind: 'error', message: 'Browser storage is full.' },
];

describe('saveIndicatorText', () => {
  // Review of 3cb040f (F7): "All changes saved" on load beside "nothing you enter is kept".
  it('never says saved, or about to be, where the browser gives no storage', () => {
    for (const state of STATES) {
      for (const idle of [undefined, 'Not rated yet']) {
        const text = saveIndicatorText(state, false, idle);
        expect(text).toMatch(/^Not saved: /);
        expect(text).not.toMatch(/All changes saved|autosave|Saving/);
      }
    }
    expect(saveIndicatorText({ kind: 'saved' }, false)).toBe(
      `Not saved: ${STORAGE_UNAVAILABLE.replace(/\.$/, '')}. What you entered is still here.`,
    );
  });

  it('says the state where storage is there', () => {
    expect(saveIndicatorText({ kind: 'saved' }, true)).toBe('All changes saved');
    expect(saveIndicatorText({ kind: 'saved' }, true, 'Not rated yet')).toBe('Not rated yet');
    expect(saveIndicatorText({ kind: 'unsaved' }, true)).toBe(
      'Unsaved changes (autosave after a pause)',
    );
  });
});
