/**
 * The highest-seen resource fence in the form the crash lab's queue publisher keeps it, on SQLite
 * or PostgreSQL: one row per run with the highest generation the publisher has learned. It is the
 * same rule as `ResourceFence` kind `highest-seen` (lib/lease/fence.ts), written for a store
 * with its own database and dialect; every statement of it lives here, nowhere else.
 */
export type FenceDialect = 'sqlite' | 'postgres';

/** The register table, with the dialect's integer type. */
export function fenceRegisterTable(intType: string): string {
  return `CREATE TABLE fence_register (
  run_id             TEXT PRIMARY KEY,
  highest_generation ${intType} NOT NULL
);`;
}

/** Learns generation $generation of run $run; what it has seen never goes down. */
export const REGISTER_GENERATION = `INSERT INTO fence_register (run_id, highest_generation) VALUES ($run, $generation)
  ON CONFLICT (run_id) DO UPDATE SET highest_generation = excluded.highest_generation
  WHERE excluded.highest_generation > fence_register.highest_generation`;

/** Learns a generation and answers, in one statement, the highest now seen for the run (PostgreSQL). */
export const REGISTER_AND_READ = `WITH registered AS (
  ${REGISTER_GENERATION}
  RETURNING highest_generation)
SELECT COALESCE((SELECT highest_generation FROM registered),
  (SELECT highest_generation FROM fence_register WHERE run_id = $run), 0) AS h`;

/** The highest generation seen for run $run, as column `h` (no row: none yet). */
export const READ_HIGHEST =
  'SELECT highest_generation AS h FROM fence_register WHERE run_id = $run';

/** Every run's highest generation, as columns `runId` and `h`. */
export const READ_ALL_HIGHEST =
  'SELECT run_id AS "runId", highest_generation AS h FROM fence_register';

const STALE_MESSAGE = 'stale generation: the publisher has seen a newer one';

/**
 * The fence inside the store's own database, so even a raw INSERT into `table` that skips the
 * write function is refused: no row from a generation below the highest the store has seen.
 */
export function registerGuardTrigger(table: string, dialect: FenceDialect): string {
  const older = `NEW.generation < COALESCE((SELECT highest_generation FROM fence_register WHERE run_id = NEW.run_id), 0)`;
  if (dialect === 'sqlite') {
    return `CREATE TRIGGER ${table}_reject_stale BEFORE INSERT ON ${table} WHEN ${older}
BEGIN SELECT RAISE(ABORT, '${STALE_MESSAGE}'); END;`;
  }
  return `CREATE FUNCTION ${table}_reject_stale() RETURNS trigger LANGUAGE plpgsql AS $fence$
BEGIN
  IF ${older} THEN RAISE EXCEPTION '${STALE_MESSAGE}'; END IF;
  RETURN NEW;
END $fence$;
CREATE TRIGGER ${table}_reject_stale BEFORE INSERT ON ${table}
  FOR EACH ROW EXECUTE FUNCTION ${table}_reject_stale();`;
}
