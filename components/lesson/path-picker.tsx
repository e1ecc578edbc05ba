'use client';

import Link from 'next/link';
import { useState, useSyncExternalStore } from 'react';
import type { LearningPath } from '@/content/lesson';
import {
  readPathChoice,
  subscribeToPathChoice,
  writePathChoice,
  type LearningPathId,
} from '@/lib/lesson';

/** A damaged stored choice is kept aside on first read; its message waits here for the picker. */
let damagedMessage: string | null = null;
function storedChoice() {
  const read = readPathChoice();
  if (read.problem) damagedMessage = read.problem;
  return read.choice;
}

/** The four ways into the lesson as a radio group; the choice is remembered between visits. */
export function PathPicker({ paths }: { paths: readonly LearningPath[] }) {
  const stored = useSyncExternalStore(subscribeToPathChoice, storedChoice, () => null);
  const [chosen, setChosen] = useState<LearningPathId | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const current = chosen ?? stored;
  const path = paths.find((p) => p.id === current);

  const damaged = useSyncExternalStore(
    subscribeToPathChoice,
    () => damagedMessage,
    () => null,
  );
  const shown = message ?? damaged;

  function choose(id: LearningPathId) {
    setChosen(id);
    setMessage(writePathChoice(id));
  }

  return (
    <div>
      <fieldset>
        <legend className="font-semibold">Which step do you want to start with?</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {paths.map((p) => (
            <label
              key={p.id}
              className={`flex cursor-pointer gap-3 rounded-lg border p-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                current === p.id ? 'border-accent bg-surface-2' : 'border-line'
              }`}
            >
              <input
                type="radio"
                name="learning-path"
                value={p.id}
                checked={current === p.id}
                onChange={() => choose(p.id)}
                className="mt-1.5 accent-[var(--accent)]"
              />
              <span>
                <span className="block font-bold">{p.title}</span>
                <span className="block text-sm text-muted">{p.summary}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div role="status" className="mt-3">
        {path ? (
          <p>
            Your path: <strong>{path.title}</strong>.{' '}
            <Link href={`/learn/paths/${path.id}`} className="font-semibold text-accent underline">
              Open the “{path.title}” path
            </Link>
          </p>
        ) : null}
        {shown ? <p className="text-bad">{shown}</p> : null}
      </div>
    </div>
  );
}
