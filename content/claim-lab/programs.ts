import {
  dropFinishCondition,
  fencedDesign,
  ownerOnlyFinishDesign,
  selectThenUpdateClaim,
} from '@/lib/lease';

// Every statement in these programs comes from a design in lib/lease, written into the program
// text once, so the learner edits the SQL that the rest of the app runs.

/** A design statement as a template literal in a program, indented under its const. */
function sqlConst(name: string, sql: string): string {
  const body = sql
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `const ${name} = \`\n${body}\`;`;
}

const lease = (seconds = 5) =>
  `const LEASE = ${seconds}; // seconds of logical time a lease lasts after a claim or renewal`;
const LEASE = lease();

const SETUP = `db.run(\`${fencedDesign.schema}\`);
db.run(\`${fencedDesign.submit}\`, { run: 'r' });`;

const CLAIM_FN = `/** Claims run r: the new fence token, or null when the run is not free. */
function claim(owner: string, now: number): number | null {
  const row = db.get<{ token: number }>(CLAIM, { run: 'r', owner, now, lease: LEASE });
  return row ? row.token : null;
}`;

const FINISH_FN = `/** Marks run r done. Rows changed: 0 means a condition failed (owner, fence, lease or status). */
function finish(owner: string, token: number | null, now: number): number {
  return db.run(FINISH, { run: 'r', owner, token, now });
}`;

/** The lesson's demo: A claims at 0, B at 6, A then B try to finish at 7. */
export const DEMO_PROGRAM = `// The lesson's demo on real SQLite. One run, two workers, time passed in by hand.
// A claims at 0 and pauses. Its lease runs out, so B claims at 6.
// At 7 A wakes up, and both try to finish.
${LEASE}

${sqlConst('CLAIM', fencedDesign.claim)}

${sqlConst('FINISH', fencedDesign.finish)}

${SETUP}

${CLAIM_FN}

${FINISH_FN}

const a = claim('A', 0);
const b = claim('B', 6);
print(a, b);
print('old:', finish('A', a, 7));
print('new:', finish('B', b, 7));
`;

const SAME_NAME_TAIL = `const oldA = claim('A', 0); // then pauses
const newA = claim('A', 6); // a fresh process of worker A
print(oldA, newA);
print('old:', finish('A', oldA, 7));
print('new:', finish('A', newA, 7));
`;

/** The drop-one-condition program with a given finish statement. */
const dropProgram = (
  finish: string,
) => `// Worker A claims run r at 0 and pauses. Its lease runs out, and the scheduler
// starts a fresh process of worker A (same name), which claims at 6.
// At 7 the old process wakes up and tries to finish with its old token.
// Delete ONE condition from FINISH's WHERE so the stale finish prints "old: 1".
// Try each one (owner, fence, lease_until, status): the lab records what each did.
${LEASE}

${sqlConst('CLAIM', fencedDesign.claim)}

${sqlConst('FINISH', finish)}

${SETUP}

${CLAIM_FN}

${FINISH_FN}

${SAME_NAME_TAIL}`;

/** Drop one condition: the same-name restart, where only one condition tells the two apart. */
export const DROP_STARTER = dropProgram(fencedDesign.finish);

/** The solution: the same design without its fence condition (rules as data, not text surgery). */
export const DROP_SOLUTION = dropProgram(dropFinishCondition('fence', fencedDesign).finish);

const RUN_FUNCTIONS = `/** Claims a run: the new fence token, or null when the run is not free. */
function claim(run: string, owner: string, now: number): number | null {
  const row = db.get<{ token: number }>(CLAIM, { run, owner, now, lease: LEASE });
  return row ? row.token : null;
}

/** Marks a run done. Rows changed: 0 means a condition failed (owner, fence, lease or status). */
function finish(run: string, owner: string, token: number | null, now: number): number {
  return db.run(FINISH, { run, owner, token, now });
}`;

const fixProgram = (finishSql: string, intro: string, leaseSeconds = 5) => `${intro}
${lease(leaseSeconds)}

${sqlConst('CLAIM', fencedDesign.claim)}

${sqlConst('FINISH', finishSql)}

db.run(\`${fencedDesign.schema}\`);
db.run(\`${fencedDesign.submit}\`, { run: 'r' });
db.run(\`${fencedDesign.submit}\`, { run: 's' });

${RUN_FUNCTIONS}

// Run r: A claims at 0 and pauses; a fresh process of A (same name) claims at 6.
const oldA = claim('r', 'A', 0);
const newA = claim('r', 'A', 6);
print('old:', finish('r', 'A', oldA, 7));
print('new:', finish('r', 'A', newA, 7));
print('again:', finish('r', 'A', newA, 8));

// Run s: C claims at 0 and stalls past its lease; nobody takes over.
const c = claim('s', 'C', 0);
print('late:', finish('s', 'C', c, 9));
`;

const FIX_INTRO = `// This FINISH checks only the owner. Fix its WHERE so that
// a stale fence, a second finish and a finish after the lease ran out all change 0 rows.`;

export const FIX_STARTER = fixProgram(ownerOnlyFinishDesign.finish, FIX_INTRO);

/**
 * The "fix a finish that checks only the owner" program with a given FINISH and lease length:
 * what a learner's edit of the starter amounts to (the scripted learners of content/believers
 * write their answers with it).
 */
export const fixOwnerOnlyProgram = (finishSql: string, leaseSeconds = 5) =>
  fixProgram(finishSql, FIX_INTRO, leaseSeconds);
export const FIX_SOLUTION = fixProgram(fencedDesign.finish, FIX_INTRO);

const raceProgram = (
  steps: string,
) => `// A claim in two steps: a SELECT decides the run is free, then an UPDATE takes it
// with no condition. Workers A and B both try at time 1.
// Reorder the four steps so that BOTH print "claimed: yes".
${LEASE}

${sqlConst('CHECK', selectThenUpdateClaim.check)}

${sqlConst('TAKE', selectThenUpdateClaim.take)}

${SETUP}

function isFree(now: number): boolean {
  return db.get<{ free: number }>(CHECK, { run: 'r', now })?.free === 1;
}

function take(owner: string, now: number): number | null {
  return db.get<{ token: number }>(TAKE, { run: 'r', owner, now, lease: LEASE })?.token ?? null;
}

${steps}

print('A claimed:', aToken !== null ? 'yes' : 'no');
print('B claimed:', bToken !== null ? 'yes' : 'no');
print('tokens:', aToken, bToken);
`;

export const RACE_STARTER = raceProgram(`const aSawFree = isFree(1); // A: step 1
const aToken = aSawFree ? take('A', 1) : null; // A: step 2
const bSawFree = isFree(1); // B: step 1
const bToken = bSawFree ? take('B', 1) : null; // B: step 2`);

export const RACE_SOLUTION = raceProgram(`const aSawFree = isFree(1); // A: step 1
const bSawFree = isFree(1); // B: step 1
const aToken = aSawFree ? take('A', 1) : null; // A: step 2
const bToken = bSawFree ? take('B', 1) : null; // B: step 2`);

const renewProgram = (
  renewBody: string,
) => `// Add renewal: a worker extends its lease while it still holds the run.
// A renewal must match the owner AND the fence (and a lease that has not run out),
// or a paused worker, or an old process of the same worker, could extend a lease it lost.
${LEASE}

${sqlConst('CLAIM', fencedDesign.claim)}

${SETUP}

${CLAIM_FN}

/** Extends the lease of run r to now + LEASE. Rows changed: 0 means the lease was lost. */
function renew(owner: string, token: number | null, now: number): number {
${renewBody}
}

print('A:', claim('A', 0));
print('renew A at 3:', renew('A', 1, 3));
print('B at 6:', claim('B', 6));
print('B at 9:', claim('B', 9));
print('stale renew A at 10:', renew('A', 1, 10));
print('B again at 15:', claim('B', 15)); // a fresh process of B
print('stale renew B at 16:', renew('B', 2, 16));
print('renew B at 16:', renew('B', 3, 16));
print('late renew B at 30:', renew('B', 3, 30));
`;

export const RENEW_STARTER =
  renewProgram(`  // Write one UPDATE here with db.run, and return the rows it changed.
  return 0;`);

/** The renewal program with renew() running one UPDATE: a learner's answer to the challenge. */
export const renewalProgram = (renewSql: string) =>
  renewProgram(`  const RENEW = \`
${renewSql
  .split('\n')
  .map((line) => `    ${line}`)
  .join('\n')}\`;
  return db.run(RENEW, { run: 'r', owner, token, now, lease: LEASE });`);

export const RENEW_SOLUTION = renewalProgram(fencedDesign.renew);
