import type { Scenario, Trace } from '@/lib/timeline';
import { BANNED, esc, expectedCells, tokenName, writeOf } from './truth-facts.test-support';
import type { PageText } from './truth-render.test-support';
import { writeProblems } from './truth-write.test-support';

export { renderStep, renderTrace, textOf, type PageText } from './truth-render.test-support';

/*
 * The page's truth test (test support, never shipped): it renders the timeline's panels for a
 * step with React's server renderer and reads the TEXT the learner reads, then holds it against
 * an oracle written from the run row, the targets and the decision's data (who held the run,
 * which checks ran, which clock judged), never from the explainer's words.
 */

/**
 * Every disagreement between what the page shows about step `index` and the trace's data. The
 * oracle reads the row, the targets and the decision record; it never calls the explainer.
 */
export function pageProblems(
  trace: Trace,
  scenario: Scenario,
  index: number,
  page: PageText,
): string[] {
  const p: string[] = [];
  const step = trace.steps[index];
  const run = step.after.run;
  const tok = tokenName(trace);
  const all = [page.row, ...page.rules, page.state, page.settings].join(' \n ');

  // The run-row panel: every cell is the row's value, and every column the row tracks is there.
  const shown = new Map(page.runRow);
  for (const [column, value] of expectedCells(run, trace))
    if (shown.get(column) !== value)
      p.push(`run-row panel shows ${column} = ${shown.get(column)}; the row holds ${value}`);

  for (const [re, what] of BANNED) {
    const m = re.exec(all);
    if (m) p.push(`shows ${what}: "${m[0]}"`);
  }
  // A design's catalogue name ("Fence bumped on every batch") is a name, not a token.
  const ownWords = all.replace(/fenced design|\(no fence\)|design: [^·]*|token: \S+$/gm, '');
  if (tok !== 'fence' && /\bfence\b/i.test(ownWords))
    p.push(`says "fence" where the token is called ${tok}`);
  // One name for the token: the settings line says "token" only where the page does.
  // A design's catalogue name ("A random token instead of a growing one") is a name.
  const settingsWords = page.settings.replace(/token: [^·]+$|design: [^·]*/g, '');
  if (
    tok !== 'token' &&
    !tok.includes('token') &&
    trace.vocabulary.fenced &&
    /\btoken\b/.test(settingsWords)
  )
    p.push(`the settings line says "token" where the token is called ${tok}`);
  if (/\bat takeover\b/.test(page.settings))
    p.push('the settings line says "at takeover": the gateway learns only from a registration');

  // Promises of a replicated resource: each acceptor, by its own promise.
  for (const [resource, promised] of Object.entries(step.after.targets.gatewayPromises ?? {})) {
    const line = new RegExp(`${esc(resource)} → (.*?)(?=; \\S+ → | gateway |$)`).exec(
      page.state,
    )?.[1];
    if (!line || !/promised/.test(line)) continue;
    for (const m of line.matchAll(/acceptors? ([\d, ]+) promised (?:\S+ )*?(\d+|nothing yet)/g)) {
      const ids = m[1].split(', ').map(Number);
      for (const id of ids) {
        const value = Math.max(0, promised[id - 1] ?? 0);
        const said = m[2] === 'nothing yet' ? 0 : Number(m[2]);
        if (value !== said)
          p.push(`says acceptor ${id} of ${resource} promised ${said}; it promised ${value}`);
      }
    }
  }

  const w = writeOf(trace, index);
  return w ? [...p, ...writeProblems(trace, scenario, index, page, w)] : p;
}
