'use client';

import { useState } from 'react';

/**
 * A command for the learner's own terminal (not this page): shown as code with a copy button.
 * The browser cannot run it; the words say so.
 */
export function CopyCommand({ command, why }: { command: string; why?: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 text-base">
      <span className="text-sm text-muted">In your own terminal, in the project’s folder:</span>
      <code className="min-w-0 rounded bg-surface-2 px-2 py-0.5 break-all">{command}</code>
      <button
        type="button"
        className="rounded-md border border-line px-2 py-0.5 text-sm font-semibold"
        onClick={() =>
          navigator.clipboard
            ?.writeText(command)
            .then(() => setCopied('yes'))
            .catch(() => setCopied('no')) ?? setCopied('no')
        }
      >
        Copy
      </button>
      <span role="status" className="text-sm text-muted">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Select the command to copy it.' : ''}
      </span>
      {why ? <span className="block w-full text-sm text-muted">{why}</span> : null}
    </div>
  );
}
