'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  readThemeChoice,
  resolveDark,
  subscribeToThemeChoice,
  writeThemeChoice,
  type ThemeChoice,
} from '@/lib/theme';

const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];
const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function subscribeSystem(onChange: () => void) {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Cycles System → Light → Dark; remembered through the storage door, synced across tabs. */
export function ThemeToggle() {
  const stored = useSyncExternalStore(
    subscribeToThemeChoice,
    readThemeChoice,
    () => 'system' as const,
  );
  const [choice, setChoice] = useState<ThemeChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = choice ?? stored;
  const prefersDark = useSyncExternalStore(subscribeSystem, systemDark, () => false);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolveDark(current, prefersDark));
  }, [current, prefersDark]);

  const next = useCallback(() => {
    const value = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length];
    setChoice(value);
    setError(writeThemeChoice(value));
  }, [current]);

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={next}
        className="rounded-md border border-line px-3 py-1.5 text-sm hover:bg-surface-2"
        aria-label={`Theme: ${LABEL[current]}. Change theme`}
        title="Change theme"
      >
        <span aria-hidden="true">{current === 'dark' ? '☾' : current === 'light' ? '☀' : '◐'}</span>{' '}
        {LABEL[current]}
      </button>
      {error ? (
        <span role="status" className="text-xs text-bad">
          {error}
        </span>
      ) : null}
    </span>
  );
}
