import Link from 'next/link';
import { DEMO } from '@/content/lesson';
import { fencedDesign, LESSON_DEMO_OUTPUT } from '@/lib/lease';
import { Prose } from './prose';

function Code({ label, code }: { label: string; code: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-semibold">{label}</figcaption>
      <pre
        tabIndex={0}
        className="mt-1 overflow-x-auto rounded-md border border-line bg-surface-2 p-3 text-sm"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** The lesson's SQLite demo: the steps, the design's own statements, and the expected output. */
export function DemoBlock() {
  return (
    <>
      <p className="text-lg font-semibold">{DEMO.title}</p>
      <Prose paragraphs={DEMO.intro} />
      <Code label="The demo, step by step (pseudo code)" code={DEMO.steps.join('\n')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Code label="CLAIM: take the run and bump the fence" code={fencedDesign.claim} />
        <Code
          label="FINISH: commit only if owner, fence, lease and status still match"
          code={fencedDesign.finish}
        />
      </div>
      <Code label="Expected output" code={LESSON_DEMO_OUTPUT.join('\n')} />
      <Prose paragraphs={DEMO.outro} />
      <ul className="flex flex-wrap gap-3">
        <li>
          <a
            href="/practice/claim-lab"
            className="inline-block rounded-md bg-accent px-3 py-1.5 font-semibold text-accent-ink"
          >
            Run it in the claim lab
          </a>
        </li>
        <li>
          <Link
            href="/practice/sql-sandbox"
            className="inline-block rounded-md border border-line px-3 py-1.5 font-semibold"
          >
            Edit the statements in the SQL sandbox
          </Link>
        </li>
      </ul>
    </>
  );
}
