import { CRASH_LAB_INTRO } from '@/content/crash-lab';
import { Prose } from '@/components/lesson/prose';

/** What the crash lab is for, how to try it on this page, and what it proves. */
export function CrashLabIntro() {
  const intro = CRASH_LAB_INTRO;
  return (
    <section aria-labelledby="crash-lab-intro" className="mb-8 max-w-3xl space-y-3">
      <h2 id="crash-lab-intro" className="text-xl font-bold">
        {intro.question}
      </h2>
      <Prose paragraphs={intro.lead} />
      <p>{intro.browserLead}</p>
      <ol className="list-decimal space-y-1 pl-6">
        {intro.browserSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="border-l-4 border-accent pl-3">{intro.boundary}</p>
    </section>
  );
}
