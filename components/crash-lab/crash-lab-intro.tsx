import { CRASH_LAB_INTRO } from '@/content/crash-lab';
import { InlineText, Prose } from '@/components/lesson/prose';

/** What the crash lab is for, the commands for the learner's own terminal, and what it proves. */
export function CrashLabIntro() {
  const intro = CRASH_LAB_INTRO;
  return (
    <section aria-labelledby="crash-lab-intro" className="mb-8 max-w-3xl space-y-3">
      <h2 id="crash-lab-intro" className="text-xl font-bold">
        {intro.question}
      </h2>
      <Prose paragraphs={intro.lead} />
      <p>{intro.commandsLead}</p>
      <pre
        tabIndex={0}
        aria-label="Crash lab commands"
        className="overflow-x-auto rounded-md border border-line bg-surface-2 p-3 text-sm"
      >
        <code>{intro.commands.join('\n')}</code>
      </pre>
      <h3 className="font-bold">What to check, one item at a time</h3>
      <ul className="list-disc space-y-1 pl-6">
        {intro.checks.map((check) => (
          <li key={check}>
            <InlineText text={check} />
          </li>
        ))}
      </ul>
      <p className="border-l-4 border-accent pl-3">{intro.boundary}</p>
    </section>
  );
}
