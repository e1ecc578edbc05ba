/**
 * Prints how long the timeline engine takes per library scenario on real sql.js, and how long
 * the share links are. Run: npx tsx scripts/timeline-bench.ts
 */
import { TIMELINE_SCENARIOS } from '../content/timeline/scenarios';
import { encodeScenario, loadTimelineEngine } from '../lib/timeline';

async function main() {
  const engine = await loadTimelineEngine();
  for (const s of TIMELINE_SCENARIOS) engine.run(s);
  const rounds = 20;
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const s of TIMELINE_SCENARIOS) engine.run(s);
  const perRun = (performance.now() - started) / (rounds * TIMELINE_SCENARIOS.length);
  const events =
    TIMELINE_SCENARIOS.reduce((n, s) => n + s.events.length, 0) / TIMELINE_SCENARIOS.length;
  const links = TIMELINE_SCENARIOS.map((s) => encodeScenario(s).length);
  console.log(`${TIMELINE_SCENARIOS.length} scenarios, ${events.toFixed(1)} events on average`);
  console.log(
    `engine.run: ${perRun.toFixed(1)} ms per scenario (${(perRun / events).toFixed(2)} ms per event)`,
  );
  console.log(`share link hash: ${Math.min(...links)}-${Math.max(...links)} characters`);
}

void main();
