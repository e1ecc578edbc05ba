'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before an autosave: the journal's pause, used everywhere. */
export const AUTOSAVE_MS = 2_000;

export type SaveState =
  { kind: 'saved' } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'error'; message: string };

/**
 * The course's one save model: what the learner enters is saved on its own, after a pause in
 * typing, when the page is hidden or left (`pagehide`), and when the component goes away (a
 * link to another page of the app). `save` receives the latest value; `dirty` says whether it
 * differs from what is stored.
 */
export function useAutosave<T>(
  value: T,
  dirty: boolean,
  save: (value: T) => Promise<void> | void,
): { state: SaveState; flush: () => void } {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const latest = useRef({ value, dirty, save });
  const inFlight = useRef<T | null>(null);
  useEffect(() => {
    latest.current = { value, dirty, save };
  });

  const flush = useCallback(() => {
    const { value: current, dirty: unsaved, save: write } = latest.current;
    if (!unsaved || inFlight.current === current) return;
    inFlight.current = current;
    setState({ kind: 'saving' });
    Promise.resolve()
      .then(() => write(current))
      .then(
        () => setState({ kind: 'saved' }),
        (error: unknown) =>
          setState({
            kind: 'error',
            message: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => {
        if (inFlight.current === current) inFlight.current = null;
      });
  }, []);

  useEffect(() => {
    if (!dirty) return undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- mirrors the dirty flag for the indicator
    setState((s) => (s.kind === 'saving' ? s : { kind: 'unsaved' }));
    const timer = window.setTimeout(flush, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [value, dirty, flush]);

  useEffect(() => {
    const onHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving for another page of the app unmounts without a pagehide: save now.
      flush();
    };
  }, [flush]);

  return { state, flush };
}
