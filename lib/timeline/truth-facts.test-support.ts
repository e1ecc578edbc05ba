import { namesClocks } from './clocks';
import { DATABASE_WRITE_KINDS } from './types';
import { esc, type Check } from './truth-state.test-support';

/*
 * The truth test's facts about the run row and its holder (test support): each pattern is a
 * claim the learner reads, and the trace's state at that step must agree with it.
 */

/** Facts about the row: each says what a value was, and the row before the write must agree. */
export const rowFacts: Check = (w, { sentence }, tok) => {
  const run = w.before.run;
  const p: string[] = [];
  const t = esc(tok);
  const who = (s: string) => (s === '(nobody)' ? '' : s);
  for (const m of sentence.matchAll(/the owner is (\S+), not (\S+?)(?=[;.,]|$)/g))
    if (who(m[1]) !== run.owner || m[2] !== w.writer || run.owner === w.writer)
      p.push(
        `says the owner is ${m[1]}, not ${m[2]}; the row's owner is ${run.owner || '(nobody)'} and the writer ${w.writer}`,
      );
  for (const m of sentence.matchAll(/the owner was (\S+?)(?=[;.,]| and|$)/g))
    if (m[1] !== run.owner) p.push(`says the owner was ${m[1]}; the row's owner is ${run.owner}`);
  for (const m of sentence.matchAll(new RegExp(`the ${t} is (-?\\d+), (\\S+) holds (-?\\d+)`, 'g')))
    if (+m[1] !== run.fence || +m[3] !== w.lane?.token || run.fence === w.lane?.token)
      p.push(
        `says the ${tok} is ${m[1]} and ${m[2]} holds ${m[3]}; the row has ${run.fence}, ${w.lane?.id} holds ${w.lane?.token}`,
      );
  for (const m of sentence.matchAll(new RegExp(`the ${t} was (-?\\d+)`, 'g')))
    if (+m[1] !== run.fence || run.fence !== w.lane?.token)
      p.push(
        `says the ${tok} was ${m[1]}; the row has ${run.fence}, the writer holds ${w.lane?.token}`,
      );
  for (const m of sentence.matchAll(/the lease ended at (-?[\d.]+), it is now (-?[\d.]+)/g))
    if (+m[1] !== run.leaseUntil || +m[2] !== w.now || run.leaseUntil > w.now)
      p.push(
        `says the lease ended at ${m[1]} and it is now ${m[2]}; the row's lease runs until ${run.leaseUntil}, the statement's time is ${w.now}`,
      );
  for (const m of sentence.matchAll(/the lease ran until (-?[\d.]+)/g))
    if (+m[1] !== run.leaseUntil || run.leaseUntil <= w.now)
      p.push(
        `says the lease ran until ${m[1]}; the row's lease ends at ${run.leaseUntil}, now is ${w.now}`,
      );
  for (const m of sentence.matchAll(/the status is (\w+), not running/g))
    if (m[1] !== run.status || run.status === 'running')
      p.push(`says the status is ${m[1]}; the row's status is ${run.status}`);
  if (/the status was running/.test(sentence) && run.status !== 'running')
    p.push(`says the status was running; the row's status is ${run.status}`);
  for (const m of sentence.matchAll(/the run is already (\w+)/g))
    if (m[1] !== run.status) p.push(`says the run is already ${m[1]}; the row says ${run.status}`);
  for (const m of sentence.matchAll(
    /(\S+) holds the lease until (-?[\d.]+) \(it is now (-?[\d.]+)\)/g,
  ))
    if (
      who(m[1]) !== run.owner ||
      +m[2] !== run.leaseUntil ||
      +m[3] !== w.now ||
      run.leaseUntil <= w.now
    )
      p.push(
        `says ${m[1]} holds the lease until ${m[2]} (now ${m[3]}); the row: ${run.owner} until ${run.leaseUntil}, now ${w.now}`,
      );
  for (const m of sentence.matchAll(/the lease had ended at (-?[\d.]+) \(it is now (-?[\d.]+)\)/g))
    if (+m[1] !== run.leaseUntil || +m[2] !== w.now || run.leaseUntil > w.now)
      p.push(
        `says the lease had ended at ${m[1]} (now ${m[2]}); the row's lease ends at ${run.leaseUntil}, now ${w.now}`,
      );
  if (/the run was queued/.test(sentence) && run.status !== 'queued')
    p.push(`says the run was queued; the row's status is ${run.status}`);
  for (const m of sentence.matchAll(/the run is (\w+): a final run is never claimed/g))
    if (m[1] !== run.status) p.push(`says the run is ${m[1]}; the row says ${run.status}`);
  if (
    /^0 rows changed/.test(sentence) &&
    ['claim', 'renew', 'finish', 'cancel'].includes(w.event.kind)
  )
    if (JSON.stringify(w.before.run) !== JSON.stringify(w.after.run))
      p.push('says 0 rows changed, but the run row changed');
  return p;
};

/** Who holds the run, as the words name it, against the claims and cancels the trace applied. */
export const holderFacts: Check = (w, { sentence }, tok) => {
  const p: string[] = [];
  const t = esc(tok);
  const held = w.held;
  const valueOk = (v: string | undefined) => v === undefined || +v === held.token;
  for (const m of sentence.matchAll(
    new RegExp(
      `(?:^|[:;.] |, )(?:a newer generation of )?(?!Nobody )([A-Z]\\w*) (?:holds the run|does)(?: \\(${t} (-?\\d+)\\))?`,
      'g',
    ),
  ))
    if (m[1] !== held.holder || !valueOk(m[2]))
      p.push(
        `says ${m[1]} holds the run${m[2] ? ` (${tok} ${m[2]})` : ''}; the trace's holder is ${held.holder ?? 'nobody'} (${tok} ${held.token})`,
      );
  if (/nobody holds the run: it was canceled/.test(sentence) && held.holder !== null)
    p.push(`says nobody holds the run; ${held.holder} does`);
  for (const m of sentence.matchAll(
    new RegExp(`(\\S+) still holds the run(?: with ${t} (-?\\d+))?`, 'g'),
  ))
    if (m[1] !== held.holder || !valueOk(m[2]) || w.lane?.token !== held.token)
      p.push(
        `says ${m[1]} still holds the run; the trace's holder is ${held.holder ?? 'nobody'} (${tok} ${held.token}), the writer holds ${w.lane?.token}`,
      );
  for (const m of sentence.matchAll(/(\S+) no longer holds the run/g))
    if (m[1] === held.holder && w.lane?.token === held.token)
      p.push(`says ${m[1]} no longer holds the run, but it does (${tok} ${held.token})`);
  for (const m of sentence.matchAll(
    new RegExp(`(\\S+) now holds the run(?: with ${t} (-?\\d+))?, lease until (-?[\\d.]+)`, 'g'),
  )) {
    const run = w.after.run;
    if (
      m[1] !== run.owner ||
      (m[2] !== undefined && +m[2] !== run.fence) ||
      +m[3] !== run.leaseUntil
    )
      p.push(
        `says ${m[1]} now holds the run (${m[2]}, until ${m[3]}); the row after: ${run.owner}, ${run.fence}, until ${run.leaseUntil}`,
      );
  }
  if (/\bstale\b/.test(sentence) || /\bstale\b/.test(w.effect.verdictLine)) {
    const token = w.lane?.token;
    if (token === undefined || token >= held.token)
      p.push(
        `says stale, but the writer's ${tok} ${token} is not below the holder's ${held.token}`,
      );
  }
  return p;
};

/** "it is 7 by the database statement clock", "it is now 1 by the transaction clock of A's …". */
const CLOCK_SAID =
  /it is (?:now )?(-?\d+) by (?:the database statement clock|(\S+)'s own clock|the transaction clock of (\S+)'s (?:open transaction, which began at (-?\d+); the statement clock reads (-?\d+)|statement, its own transaction))/g;

/**
 * The clock a lease check names (issue 26): the time it says is the time the statement read, the
 * clock is the scenario's time source (a claim under a worker's clock reads the statement clock),
 * the holder is the writer's lane, and an open transaction began when the state says; a scenario
 * that sets clocks names one wherever the words give a lease check's time.
 */
export const clockFacts: Check = (w, { sentence }) => {
  const p: string[] = [];
  const source = w.scenario.timeSource ?? 'database';
  const kind = w.event.kind;
  // A store or an API beyond the database, and a claim under workers' clocks, read the statement clock.
  const atDatabase = (DATABASE_WRITE_KINDS as readonly string[]).includes(kind);
  const judged =
    !atDatabase || (source === 'worker' && kind === 'claim')
      ? 'database'
      : source === 'application'
        ? 'worker'
        : source;
  const said = [...sentence.matchAll(CLOCK_SAID)];
  for (const [, time, own, inTx, began, statement] of said) {
    const named = own ? 'worker' : inTx ? 'transaction' : 'database';
    if (named !== judged) p.push(`names the ${named} clock; the ${judged} clock judged it`);
    if (+time !== w.now) p.push(`says it is ${time}; the statement read ${w.now}`);
    const holder = own ?? inTx;
    if (holder !== undefined && holder !== w.lane?.id)
      p.push(`names ${holder}'s clock; the writer's lane is ${w.lane?.id}`);
    if (
      began !== undefined &&
      (+began !== w.now || +statement !== w.step.at || w.now === w.step.at)
    )
      p.push(
        `says the transaction began at ${began} (statement ${statement}); it read ${w.now} at ${w.step.at}`,
      );
    if (began === undefined && inTx !== undefined && w.now !== w.step.at)
      p.push(`says the statement is its own transaction, but it read ${w.now} at ${w.step.at}`);
  }
  const timed = /the lease (?:ran until|ended at|had ended at) -?\d+|holds the lease until -?\d+/;
  if (said.length === 0 && namesClocks(w.scenario) && timed.test(sentence))
    p.push('gives a lease check’s time without naming the clock that read it');
  return p;
};
