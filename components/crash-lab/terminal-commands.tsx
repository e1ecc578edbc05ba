import { CRASH_LAB_INTRO } from '@/content/crash-lab';
import { InlineText } from '@/components/lesson/prose';
import { CopyCommand } from '@/components/ui/copy-command';
import { Reveal } from '@/components/ui/reveal';

/**
 * The crash lab on the command line: optional, collapsed, after the lab on the page. The
 * in-browser lab is the main path; these commands need a checkout of the app.
 */
export function TerminalCommands() {
  const intro = CRASH_LAB_INTRO;
  return (
    <Reveal boxed summary={intro.commandsSummary} className="mt-8 max-w-3xl">
      <div className="space-y-3">
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
        <CopyCommand command={intro.sweep.command} why={intro.sweep.why} />
      </div>
    </Reveal>
  );
}
