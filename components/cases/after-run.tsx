'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Whether the case's current run has its outcomes on screen: run to the end here, or scored
 * before. The player sets it; every part of the page that tells an outcome (the account after
 * the run, the sources' notes) reads it, so one state opens them all.
 */
const Revealed = createContext<{ revealed: boolean; setRevealed: (value: boolean) => void }>({
  revealed: false,
  setRevealed: () => {},
});

export function AfterRunProvider({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  return <Revealed.Provider value={{ revealed, setRevealed }}>{children}</Revealed.Provider>;
}

export const useAfterRun = () => useContext(Revealed);

/**
 * Its children once the run's outcomes are on screen; before, the `locked` line saying what
 * opens (nothing when there is none).
 */
export function AfterRun({ children, locked }: { children: ReactNode; locked?: string }) {
  const { revealed } = useAfterRun();
  if (revealed) return <>{children}</>;
  return locked ? (
    <p className="text-sm text-muted" data-testid="after-run-locked">
      {locked}
    </p>
  ) : null;
}
