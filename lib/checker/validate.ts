import type { SqlJsStatic } from 'sql.js';
import { showMessage, type ShownText } from '@/lib/bounded';
import {
  claimReadColumns,
  CLAIM_COLUMNS,
  buildDesign,
  fencedDesign,
  LESSON_RULES,
  type ClaimCondition,
  type LeaseDesign,
  type RunCondition,
} from '@/lib/lease';
import { setupDatabase } from './machine';
import { scanParams } from '@/lib/sqlite';

/** The statements a learner may edit in "Check my design". */
export type EditableStatement = 'claim' | 'renew' | 'finish';

export type StatementDraft = Record<EditableStatement, string>;

export interface StatementProblem {
  statement: EditableStatement;
  /** 1-based line in the statement, when SQLite or the parameter check can tell. */
  line?: number;
  /** Cut by the door to the page (SQLite may quote the learner's SQL). */
  message: ShownText;
}

// Renew and finish may also compare what the holder's own claim returned (a fingerprint of the
// condition catalogue, lib/lease/catalogue.ts); the claim may record the claimer's $clock.
const CLAIMED = CLAIM_COLUMNS;
const ALLOWED: Record<EditableStatement, readonly string[]> = {
  claim: ['run', 'owner', 'now', 'lease', 'clock'],
  renew: ['run', 'owner', 'now', 'lease', 'token', ...CLAIMED],
  finish: ['run', 'owner', 'now', 'lease', 'token', ...CLAIMED],
};

const REQUIRED: Record<EditableStatement, readonly string[]> = {
  claim: ['run', 'owner', 'now'],
  renew: ['run', 'now'],
  finish: ['run'],
};

/** Longest statement accepted, so a pasted novel gets a message rather than a slow page. */
export const MAX_STATEMENT_LENGTH = 4_000;

function lineOf(sql: string, index: number): number {
  return sql.slice(0, Math.max(0, index)).split('\n').length;
}

function firstKeyword(sql: string): string {
  const stripped = sql
    .replace(/--[^\n]*\n?/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trim();
  return (stripped.match(/^[A-Za-z]+/)?.[0] ?? '').toUpperCase();
}

/**
 * Checks a learner's claim, renew and finish before any search: each must be one valid SQLite
 * statement against the base design's tables, write (UPDATE or INSERT), use only the parameters
 * the checker binds, and use the ones it needs; the claim must return the new token as `token`.
 * Returns the design to check, or every problem found. The design keeps the base's rules only
 * when all three statements are the base's own: a learner's edited SQL has conditions nobody
 * knows, and the words must not name the base's.
 */
export function validateDraft(
  SQL: SqlJsStatic,
  draft: StatementDraft,
  base: LeaseDesign = fencedDesign,
): { ok: true; design: LeaseDesign } | { ok: false; problems: StatementProblem[] } {
  const problems: StatementProblem[] = [];
  const db = new SQL.Database();
  // A two-statement claim (the picks' compare-and-set claim) binds what its read returned.
  let readNames: string[] = [];
  let claimNames: string[] = [];
  try {
    setupDatabase(db, base);
    readNames = claimReadColumns(db, base);
    const allowed = { ...ALLOWED, claim: [...ALLOWED.claim, ...readNames] };
    for (const statement of ['claim', 'renew', 'finish'] as const) {
      const sql = draft[statement] ?? '';
      const add = (message: string, line?: number) =>
        problems.push({ statement, message: showMessage(message), line });
      if (sql.trim() === '') {
        add(`The ${statement} statement is empty.`);
        continue;
      }
      if (sql.length > MAX_STATEMENT_LENGTH) {
        add(
          `The ${statement} statement is ${sql.length.toLocaleString('en-US')} characters long; the limit is ${MAX_STATEMENT_LENGTH.toLocaleString('en-US')}.`,
        );
        continue;
      }
      let count = 0;
      let columns: string[] = [];
      try {
        for (const stmt of db.iterateStatements(sql)) {
          count += 1;
          if (count === 1) columns = stmt.getColumnNames();
          stmt.free();
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const near = message.match(/near "([^"]+)"/)?.[1];
        add(
          `SQLite cannot prepare the ${statement}: ${message}`,
          near ? lineOf(sql, sql.indexOf(near)) : undefined,
        );
        continue;
      }
      if (count !== 1) {
        add(`The ${statement} must be exactly one statement (found ${count}).`);
        continue;
      }
      const keyword = firstKeyword(sql);
      if (keyword !== 'UPDATE' && keyword !== 'INSERT') {
        add(
          `The ${statement} must be an UPDATE (or INSERT) that changes the run row; it starts with ${keyword || 'nothing'}.`,
        );
      }
      const { names, positional } = scanParams(sql);
      if (positional)
        add('Use named parameters ($run, $owner, ...), not ?.', lineOf(sql, sql.indexOf('?')));
      if (statement === 'claim') claimNames = names;
      const unknown = [...new Set(names.filter((n) => !allowed[statement].includes(n)))];
      for (const name of unknown) {
        add(
          `The ${statement} uses $${name}, which the checker does not provide. It binds ${allowed[statement].map((n) => `$${n}`).join(', ')}.`,
          lineOf(sql, sql.search(new RegExp(`[$:@]${name}\\b`))),
        );
      }
      for (const name of REQUIRED[statement]) {
        if (!names.includes(name)) add(`The ${statement} must use $${name}.`);
      }
      if (statement === 'claim' && !columns.includes('token')) {
        add('The claim must return the new token: end it with RETURNING fence AS token.');
      }
    }
  } finally {
    db.close();
  }
  if (problems.length > 0) return { ok: false, problems };
  const own = (['claim', 'renew', 'finish'] as const).every((k) => draft[k] === base[k]);
  // The claim's read stays while the claim is the picks' own or binds what the read returns.
  const keepsRead = draft.claim === base.claim || claimNames.some((n) => readNames.includes(n));
  return {
    ok: true,
    design: {
      ...base,
      id: 'my-design',
      name: 'My design',
      summary: 'Your claim, renew and finish, with the lesson’s targets.',
      claimRead: keepsRead ? base.claimRead : undefined,
      claim: draft.claim,
      renew: draft.renew,
      finish: draft.finish,
      rules: own ? base.rules : undefined,
    },
  };
}

/**
 * The conditions a learner picks from the catalogue for a custom design's claim (absent: the
 * lesson's claimable test), renew and finish.
 */
export interface ConditionPicks {
  claim?: readonly ClaimCondition[];
  renew: readonly RunCondition[];
  finish: readonly RunCondition[];
}

/**
 * The checker's custom design built from catalogue conditions: the lesson's claim statement and
 * targets, the learner's claim, renew and finish conditions. Its statements are the draft the learner sees (and
 * may edit further); its schema records the claim columns the conditions compare.
 */
export function conditionsDesign(picks: ConditionPicks): LeaseDesign {
  return buildDesign(
    {
      id: 'my-design',
      name: 'My design',
      summary: picks.claim
        ? 'Your claim, renew and finish conditions, picked from the catalogue.'
        : 'Your renew and finish conditions, picked from the catalogue.',
    },
    {
      ...LESSON_RULES,
      ...(picks.claim ? { claimConditions: picks.claim } : {}),
      renew: picks.renew,
      finish: picks.finish,
    },
  );
}
