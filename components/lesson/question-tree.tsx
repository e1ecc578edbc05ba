'use client';

import type { QuestionPrompt } from '@/content/lesson/types';
import { unlockedIds } from '@/lib/lesson';
import { RevealItem } from './reveal-item';
import { useAttempted } from './use-attempted';
import { panelClass } from '@/components/ui/panel';

function LockedQuestion({ node }: { node: QuestionPrompt }) {
  return (
    <article
      aria-label={`Level ${node.level} (locked)`}
      className={panelClass({ tone: 'dashed', padding: 'lg' })}
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-muted">
        Level {node.level} · locked
      </p>
      <p className="mt-1 text-muted">
        Try the question above first (save an answer, or say you don’t know yet) to unlock this
        follow-up.
      </p>
    </article>
  );
}

function Branch({ node, open }: { node: QuestionPrompt; open: Set<string> }) {
  if (!open.has(node.id)) return <LockedQuestion node={node} />;
  return (
    <>
      <RevealItem
        id={node.id}
        eyebrow={`Level ${node.level}`}
        question={node.question}
        context={node.context}
        headingLevel={(node.level + 1) as 2 | 3 | 4}
      />
      {node.children.length > 0 ? (
        <section
          aria-label={`Follow this answer further (Level ${node.level + 1})`}
          className="mt-3 border-l-2 border-line pl-3 sm:pl-6"
        >
          <p className="mb-2 text-sm font-semibold text-muted">Follow this answer further</p>
          <ol className="space-y-3">
            {node.children.map((child) => (
              <li key={child.id}>
                <Branch node={child} open={open} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** The question tree: Level 1 questions, and follow-ups that unlock once their parent is attempted. */
export function QuestionTree({ tree }: { tree: readonly QuestionPrompt[] }) {
  const attempted = useAttempted();
  const open = unlockedIds(tree, attempted);
  return (
    <ol className="space-y-6">
      {tree.map((node) => (
        <li key={node.id}>
          <Branch node={node} open={open} />
        </li>
      ))}
    </ol>
  );
}
