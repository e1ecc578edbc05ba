'use client';

import { designStatements, fencedDesign, type LeaseDesign } from '@/lib/lease';
import { Button } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { CheckStatus } from './check-status';
import { SqlBlocks } from './sql-block';
import type { CheckState } from './use-checker';
import { panelClass } from '@/components/ui/panel';

/** One design of the catalog: what it changes, a Check button, and what the checker found. */
export function DesignCard({
  design,
  state,
  busy,
  onCheck,
  onStop,
}: {
  design: LeaseDesign;
  state: CheckState;
  busy: boolean;
  onCheck: () => void;
  onStop: () => void;
}) {
  const lesson = design.id === fencedDesign.id;
  const headingId = `design-${design.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={panelClass(
        { tone: 'plain' },
        'grid min-w-0 content-start gap-3 bg-surface *:min-w-0',
      )}
    >
      <h3 id={headingId} className="text-lg font-bold">
        {design.name}
      </h3>
      <p className="text-sm text-muted">{design.summary}</p>
      <Reveal
        open={lesson}
        small
        summary={lesson ? 'Its statements' : 'What it changes from the lesson’s design'}
      >
        <SqlBlocks statements={designStatements(design, lesson ? undefined : fencedDesign)} />
      </Reveal>
      <div>
        <Button variant="primary" onClick={onCheck} disabled={busy}>
          Check
        </Button>
      </div>
      <CheckStatus state={state} onStop={onStop} label={design.name} />
    </section>
  );
}
