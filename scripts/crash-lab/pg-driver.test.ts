import { describe, expect, it } from 'vitest';
import { redact, toPositional } from './pg-driver';

describe('toPositional: the rulebook’s named parameters on PostgreSQL', () => {
  it('numbers each name once, casts by value type, and leaves quoted text alone', () => {
    const { text, values } = toPositional(
      "UPDATE runs SET lease_until = $now + $lease WHERE owner = $owner AND status = '$now' AND lease_until > $now",
      { now: 12.5, lease: 30, owner: 'A' },
    );
    expect(text).toBe(
      "UPDATE runs SET lease_until = $1::float8 + $2::bigint WHERE owner = $3::text AND status = '$now' AND lease_until > $1::float8",
    );
    expect(values).toEqual([12.5, 30, 'A']);
  });

  it('refuses a statement that names a value nobody bound', () => {
    expect(() => toPositional('SELECT $missing', {})).toThrow(/no value bound for \$missing/);
  });

  it('hides the password of a URL in messages', () => {
    expect(redact('postgres://u:secret@h:5/db')).toBe('postgres://u:***@h:5/db');
  });
});
