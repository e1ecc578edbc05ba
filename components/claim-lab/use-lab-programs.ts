'use client';

import { useCallback, useRef, useState } from 'react';
import { saveProgram, type SavedPrograms } from '@/lib/claim-lab';
import { useAutosave } from '@/components/ui/use-autosave';
import type { LocalDoor } from '@/lib/storage';

const NO_PROGRAMS: SavedPrograms = {};

/**
 * The learner's edited programs, one per exercise, and their saving: like every other box, after
 * a pause in typing and on leaving, not on every change (3,000 typed characters were 3,000 writes
 * of every program). A program equal to its exercise's original is not kept. `notice` hears why
 * a save was refused; the text stays on the page.
 */
export function useLabPrograms(door: LocalDoor, notice: (message: string | null) => void) {
  const [programs, setPrograms] = useState<SavedPrograms>(NO_PROGRAMS);
  // What storage holds.
  const [storedPrograms, setStoredPrograms] = useState<SavedPrograms>(NO_PROGRAMS);
  // Mirrors of state for event handlers, so saving happens once per event.
  const programsRef = useRef<SavedPrograms>(NO_PROGRAMS);
  const storedRef = useRef<SavedPrograms>(NO_PROGRAMS);

  /** The programs read from storage on mount: shown, and known to be stored. */
  const restore = useCallback((loaded: SavedPrograms) => {
    programsRef.current = loaded;
    storedRef.current = loaded;
    setPrograms(loaded);
    setStoredPrograms(loaded);
  }, []);

  const savePrograms = useCallback(
    (next: SavedPrograms) => {
      // One write per program changed since the last save (almost always one).
      let stored = storedRef.current;
      let refused = false;
      for (const id of new Set([...Object.keys(stored), ...Object.keys(next)])) {
        if (stored[id] === next[id]) continue;
        const saved = saveProgram(door, stored, id, next[id]);
        notice(saved.problem);
        refused ||= saved.problem !== null;
        if (saved.problem === null) stored = saved.programs;
      }
      // Saved as shown: the page's programs are what storage holds (not dirty until the next edit).
      storedRef.current = refused ? stored : next;
      setStoredPrograms(storedRef.current);
    },
    [door, notice],
  );
  useAutosave(programs, programs !== storedPrograms, savePrograms);

  /** Sets an exercise's program; its original (`starter`) is kept as no edit at all. */
  const setProgram = useCallback((id: string, starter: string, next: string) => {
    const current = programsRef.current;
    const rest = { ...current };
    delete rest[id];
    programsRef.current = next === starter ? rest : { ...current, [id]: next };
    setPrograms(programsRef.current);
  }, []);

  /** Drops an exercise's edit: its original shows again. */
  const resetProgram = useCallback((id: string) => {
    const rest = { ...programsRef.current };
    delete rest[id];
    programsRef.current = rest;
    setPrograms(rest);
  }, []);

  return { programs, restore, setProgram, resetProgram };
}
