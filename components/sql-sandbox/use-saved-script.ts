'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAutosave, type SaveState } from '@/components/ui/use-autosave';
import { loadSandboxScript, saveSandboxScript, subscribeToSandboxScript } from '@/lib/sqlite';
import { browserStore, createLocalDoor } from '@/lib/storage';

/**
 * The sandbox's script, kept through the storage door like every other box: saved after a pause
 * in typing and on leaving the page (useAutosave), read back after hydration (the static page
 * shows the lesson's script first). The lesson's script itself is stored as no edit. A refused
 * write (storage full or blocked) leaves the script on the page and says so in the save state.
 *
 * Another tab's save is heard (the storage event) but never replaces the script on this page:
 * `changedElsewhere` says that storage now holds another script, until this one is saved again
 * (the next edit here, or a pending autosave) or the other tab stores this same text.
 */
export function useSavedScript(original: string): {
  script: string;
  setScript: (next: string) => void;
  saveState: SaveState;
  changedElsewhere: boolean;
} {
  const door = useMemo(() => createLocalDoor(browserStore()), []);
  const [script, setScript] = useState(original);
  // What this tab last read from storage or wrote there (the lesson's script when nothing is
  // stored), known once it was read.
  const [stored, setStored] = useState<string | null>(null);
  const storedRef = useRef<string | null>(null);
  const scriptRef = useRef(script);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  useEffect(() => {
    scriptRef.current = script;
  });

  useEffect(() => {
    const { script: saved } = loadSandboxScript(door);
    storedRef.current = saved ?? original;
    /* eslint-disable react-hooks/set-state-in-effect -- reading browser storage once on mount */
    if (saved !== null) setScript(saved);
    setStored(storedRef.current);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [door, original]);

  useEffect(
    () =>
      subscribeToSandboxScript(() => {
        const now = loadSandboxScript(door).script ?? original;
        setChangedElsewhere(now !== scriptRef.current);
      }),
    [door, original],
  );

  const save = useCallback(
    (next: string) => {
      const problem = saveSandboxScript(door, next, original);
      if (problem) throw new Error(problem);
      storedRef.current = next;
      setStored(next);
      setChangedElsewhere(false);
    },
    [door, original],
  );
  const { state } = useAutosave(script, stored !== null && script !== stored, save);
  return { script, setScript, saveState: state, changedElsewhere };
}
