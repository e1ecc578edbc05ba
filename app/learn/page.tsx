import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Learn' };

const PRINCIPLES = [
  {
    title: 'Liveness and safety need different mechanisms',
    body: 'A lease lets someone else take over when a worker goes quiet. It cannot prove the quiet worker stopped: it may only be paused, and it may wake up and write.',
  },
  {
    title: 'Put the generation in the commit contract',
    body: 'Every claim atomically bumps a growing fencing token. Renewals and commits must match owner, token, an unexpired lease and the task state, all at once.',
  },
  {
    title: 'Fence where the write lands',
    body: 'Checking the lease before writing leaves a gap. The resource itself must refuse the stale generation: a conditional UPDATE, a gateway that remembers the highest token, a versioned object.',
  },
  {
    title: 'Never hold a lock for the whole task',
    body: 'Claim in a short transaction and let it go. Do the slow work outside, and let the final commit prove you still hold the right to write.',
  },
] as const;

export default function LearnPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title="The core principles">
        <p>
          When a lease expires, another worker may take over, but nothing stops the old one. When old and new run side by
          side, whatever finally stores the result must check which generation is writing.
        </p>
      </PageHeader>
      <ol className="grid gap-4 md:grid-cols-2">
        {PRINCIPLES.map((principle, index) => (
          <li key={principle.title} className="rounded-lg border border-line bg-surface-2 p-5">
            <h2 className="text-lg font-bold">
              <span className="mr-2 text-accent">{index + 1}.</span>
              {principle.title}
            </h2>
            <p className="mt-2 text-muted">{principle.body}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8">
        <Link href="/practice/sql-sandbox" className="font-semibold text-accent underline">
          Run the lesson’s claim and finish statements in the SQL sandbox
        </Link>
      </p>
    </>
  );
}
