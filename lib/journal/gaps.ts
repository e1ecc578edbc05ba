import { headSaveNumber, type JournalState, type PromptHistory } from './state';

/**
 * Telling the learner that versions vanished: a run of missing save numbers, or saves after the
 * newest one left that a head record or an index of saves names.
 */

const versions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'version' : 'versions'}`;

/**
 * Save numbers (`gen`) count up by one per save, so a run of missing numbers means entries
 * vanished from storage (a segment deleted by hand or by a cleaner): report it once, with
 * where, instead of silently showing a shorter history. Saves after the newest one left are
 * missing when a writer's head record names a higher number (its newest segment is gone).
 */
export function reportGaps(state: JournalState, prompt: string, s: PromptHistory): void {
  const gens = [...new Set(s.metas.map((m) => m.gen))].sort((a, b) => a - b);
  const report = (key: string, message: string) => {
    if (state.gapsReported.has(key)) return;
    state.gapsReported.add(key);
    state.problems.push({ message, backupKey: null });
  };
  let prev = 0;
  for (const gen of gens) {
    const missing = gen - prev - 1;
    if (missing > 0) {
      const where = prev === 0 ? `before save ${gen}` : `between save ${prev} and save ${gen}`;
      report(
        `${prompt}:${prev}:${gen}`,
        `${versions(missing)} of "${prompt}" ${where} ${
          missing === 1 ? 'is' : 'are'
        } missing: part of its saved history was removed from browser storage outside this app. The versions around the gap are intact.`,
      );
    }
    prev = gen;
  }
  const top = headSaveNumber(s, prompt, state.setAsideSeq, state.indexes);
  if (top > prev) {
    const missing = top - prev;
    // Keyed like the hole it becomes once the next save (number top + 1) lands, so it is
    // reported once, not again as a hole.
    report(
      `${prompt}:${prev}:${top + 1}`,
      `${versions(missing)} of "${prompt}" ${prev === 0 ? '' : `after save ${prev} `}${
        missing === 1 ? 'is' : 'are'
      } missing: the newest part of its saved history is gone from browser storage (its saves had reached number ${top}).${
        prev === 0 ? '' : ` The versions up to save ${prev} are intact.`
      }`,
    );
  }
}
