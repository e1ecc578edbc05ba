import Link from 'next/link';
import { DueReviews } from '@/components/review/due-reviews';
import { ContinueCard } from '@/components/progress/continue-card';
import { CardLink } from '@/components/ui/card-link';
import { MODES, SITE } from '@/content/site';
import { LESSON_DEMO_OUTPUT } from '@/lib/lease';
import { panelClass } from '@/components/ui/panel';

export default function HomePage() {
  return (
    <>
      <section className="mb-12">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">
          Learn · Practice · Reflect
        </p>
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {SITE.title}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">
          A worker claims a task under a lease, then freezes: a garbage-collection pause, a flaky
          network, a laptop lid. The lease runs out, a second worker takes the task over, and then
          the first one wakes up and writes its stale result. Expiry did not stop it. This app
          teaches how a <strong className="text-ink">fencing token</strong> stops it, and lets you
          prove it to yourself on a real database.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            href="/learn"
            className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink hover:opacity-90"
          >
            Start the lesson
          </Link>
          <Link
            href="/practice"
            className="rounded-md border border-line px-4 py-2 font-semibold hover:bg-surface-2"
          >
            Go straight to the labs
          </Link>
        </div>
      </section>

      <ContinueCard />
      <section aria-labelledby="review-heading" className={panelClass({ padding: 'lg' }, 'mb-12')}>
        <h2 id="review-heading" className="text-xl font-bold">
          Due for review
        </h2>
        <p className="mb-2 text-sm text-muted">
          A question or prediction you got wrong comes back after a day, and again three days later.
        </p>
        <DueReviews />
      </section>

      <section aria-labelledby="modes-heading" className="mb-12">
        <h2 id="modes-heading" className="sr-only">
          The three modes
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {MODES.map((mode) => (
            <li key={mode.href}>
              <CardLink item={mode} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="story-heading" className="grid gap-6 md:grid-cols-2">
        <div>
          <h2 id="story-heading" className="text-2xl font-bold">
            The whole lesson in one run
          </h2>
          <p className="mt-2 text-muted">
            Worker A claims the run at time 0 and gets fence 1 with a 5-second lease. It stalls. At
            time 6 worker B claims the expired run and gets fence 2. At time 7 both try to finish.
            The finish is one conditional UPDATE that checks owner, fence, lease and state together,
            so A’s write changes zero rows and B’s changes one.
          </p>
        </div>
        <figure className={panelClass()}>
          <figcaption className="text-sm font-semibold text-muted">
            Expected output of the lesson’s demo
          </figcaption>
          <pre className="mt-2 text-lg">
            <code>{LESSON_DEMO_OUTPUT.join('\n')}</code>
          </pre>
        </figure>
      </section>
    </>
  );
}
