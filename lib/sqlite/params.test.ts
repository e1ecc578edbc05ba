import { describe, expect, it } from 'vitest';
import { inlineConstants, scanParams, substituteParams } from './params';

describe('scanParams', () => {
  it('lists named parameters in the order SQLite numbers them, once each', () => {
    expect(
      scanParams('UPDATE runs SET a = $now + $lease WHERE run_id = $run AND b > $now').names,
    ).toEqual(['now', 'lease', 'run']);
  });

  it('skips string literals, quoted identifiers and comments', () => {
    const sql = `SELECT '$notme', "$nor_me", [$nor], -- $comment\n /* $block */ $yes`;
    expect(scanParams(sql)).toEqual({ names: ['yes'], positional: false });
  });

  it('counts the same name under two prefixes twice, as SQLite does', () => {
    expect(scanParams('SELECT $owner, :owner, $owner').names).toEqual(['owner', 'owner']);
  });

  it('notices positional parameters', () => {
    expect(scanParams('SELECT ?').positional).toBe(true);
    expect(scanParams("SELECT '?'").positional).toBe(false);
  });
});

describe('inlineConstants', () => {
  it('writes literals for the given parameters only, leaving text in quotes alone', () => {
    const sql = `UPDATE runs SET owner = $owner, note = '$owner' WHERE run_id = $run AND fence = $token`;
    expect(inlineConstants(sql, { owner: "O'Neil", run: 'r' })).toBe(
      `UPDATE runs SET owner = 'O''Neil', note = '$owner' WHERE run_id = 'r' AND fence = $token`,
    );
  });
});

describe('substituteParams', () => {
  it('puts an expression where the parameter stands, every time, and nowhere in quotes or comments', () => {
    const sql = `UPDATE runs SET lease_until = $now + $lease, note = '$now' -- $now\n WHERE lease_until > $now`;
    expect(substituteParams(sql, { now: '(SELECT now FROM clock)' })).toBe(
      `UPDATE runs SET lease_until = (SELECT now FROM clock) + $lease, note = '$now' -- $now\n WHERE lease_until > (SELECT now FROM clock)`,
    );
  });
});
