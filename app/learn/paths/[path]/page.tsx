import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FollowPathButton } from '@/components/lesson/follow-path-button';
import { StepTick } from '@/components/progress/step-tick';
import { PageHeader } from '@/components/ui/page-header';
import { findPath, LEARNING_PATHS } from '@/content/lesson';
import { panelClass } from '@/components/ui/panel';

export const dynamicParams = false;

export function generateStaticParams() {
  return LEARNING_PATHS.map((path) => ({ path: path.id }));
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ path: string }>;
}): Promise<Metadata> {
  const path = findPath((await params).path);
  return { title: path ? `Path: ${path.title}` : 'Learning path' };
}

export default async function LearningPathPage({ params }: { params: Promise<{ path: string }> }) {
  const path = findPath((await params).path);
  if (!path) notFound();
  return (
    <>
      <PageHeader eyebrow="Learning path" title={path.title}>
        <p>{path.summary}</p>
      </PageHeader>
      <FollowPathButton id={path.id} title={path.title} />
      <div className="mt-8 grid max-w-4xl gap-8 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="path-steps">
          <h2 id="path-steps" className="text-2xl font-bold">
            Read in this order
          </h2>
          <ol className="mt-3 space-y-3">
            {path.steps.map((step, index) => (
              <li key={step.href} className={panelClass({}, 'flex gap-3')}>
                <span aria-hidden="true" className="text-xl font-bold text-accent">
                  {index + 1}
                </span>
                <span>
                  <Link href={step.href} className="font-semibold text-accent underline">
                    {step.label}
                  </Link>
                  <span className="block text-muted">{step.why}</span>
                  <StepTick doneWhen={step.doneWhen} />
                </span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="path-exercises">
          <h2 id="path-exercises" className="text-2xl font-bold">
            Then practise
          </h2>
          <ul className="mt-3 space-y-3">
            {path.exercises.map((exercise) => (
              <li key={exercise.href} className={panelClass({ tone: 'plain' })}>
                {/* A plain link: some exercises are added by other parts of the app; no prefetch. */}
                <a href={exercise.href} className="font-semibold text-accent underline">
                  {exercise.label}
                </a>
                <span className="block text-muted">{exercise.why}</span>
                <StepTick doneWhen={exercise.doneWhen} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <nav aria-label="Other paths" className="mt-10">
        <h2 className="text-lg font-bold">Other ways in</h2>
        <ul className="mt-2 flex flex-wrap gap-3">
          {LEARNING_PATHS.filter((p) => p.id !== path.id).map((p) => (
            <li key={p.id}>
              <Link href={`/learn/paths/${p.id}`} className="underline">
                {p.title}
              </Link>
            </li>
          ))}
          <li>
            <Link href="/learn" className="underline">
              The whole lesson
            </Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
