'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { browserStore, createLocalDoor } from '@/lib/storage';
import { encodeScenario, saveScenario, type Scenario } from '@/lib/timeline';

/** Save the scenario in this browser, or share it as a link that reproduces it exactly. */
export function ShareSave({ scenario, onSaved }: { scenario: Scenario; onSaved: () => void }) {
  const [link, setLink] = useState('');
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);

  const share = () => {
    const url = `${window.location.origin}${window.location.pathname}#${encodeScenario(scenario)}`;
    setLink(url);
    window.history.replaceState(null, '', url);
    const copy = navigator.clipboard?.writeText(url);
    if (copy) {
      copy.then(
        () => setMessage({ text: 'Link copied. Anyone who opens it sees this exact scenario.', problem: false }),
        () => setMessage({ text: 'Copy the link below; anyone who opens it sees this exact scenario.', problem: false }),
      );
    } else {
      setMessage({ text: 'Copy the link below; anyone who opens it sees this exact scenario.', problem: false });
    }
  };

  const save = () => {
    const result = saveScenario(createLocalDoor(browserStore()), scenario);
    if (result.ok) {
      onSaved();
      setMessage({
        text: `Saved “${scenario.title}” in this browser.${'dropped' in result && result.dropped ? ` The oldest saved scenario, “${result.dropped}”, made room.` : ''}`,
        problem: false,
      });
    } else {
      setMessage({ text: result.message, problem: true });
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={save}>Save scenario</Button>
        <Button onClick={share}>Share link</Button>
      </div>
      {link ? (
        <label className="flex flex-col text-sm">
          Link to this scenario
          <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs" />
        </label>
      ) : null}
      {message ? (
        <p role={message.problem ? 'alert' : 'status'} className={`text-sm ${message.problem ? 'text-bad' : 'text-muted'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
