'use client';

import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import {
  readPathChoice,
  subscribeToPathChoice,
  writePathChoice,
  type LearningPathId,
} from '@/lib/lesson';

const storedChoice = () => readPathChoice().choice;

/** Makes this path the learner's chosen one (the same choice the lesson page offers). */
export function FollowPathButton({ id, title }: { id: LearningPathId; title: string }) {
  const stored = useSyncExternalStore(subscribeToPathChoice, storedChoice, () => null);
  const [chosen, setChosen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const following = chosen || stored === id;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        onClick={() => {
          setChosen(true);
          setMessage(writePathChoice(id));
        }}
      >
        {following ? `Following “${title}”` : `Follow the “${title}” path`}
      </Button>
      <span role="status" className={message ? 'text-bad' : 'text-muted'}>
        {message ?? (following ? 'This is your path; the lesson remembers it.' : '')}
      </span>
    </div>
  );
}
