// Making and removing the PostgreSQL databases a crash-lab command needs.
import type { AsyncSqlDriver } from '@/lib/sqlite';
import { BadInput } from './files';
import { describeConnectionError, openPg, redact } from './pg-driver';

/** The database a PostgreSQL URL names, as written (the pg client does not decode it). */
export const pgDatabaseName = (url: string) => new URL(url).pathname.slice(1);

/** The server's maintenance database beside a URL's database: where databases are made and dropped. */
function maintenanceUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

/** A connection, and whether this command created its database (to remove again on a refusal). */
export interface Connected {
  db: AsyncSqlDriver;
  created: boolean;
}

export async function connectPg(url: string, create: boolean): Promise<Connected> {
  try {
    return { db: await openPg(url), created: false };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!(create && code === '3D000')) throw new BadInput(describeConnectionError(url, error));
  }
  // submit on a server without the database yet: create it (credentials already proved valid
  // by the maintenance database's login), then connect.
  const name = pgDatabaseName(url);
  let maintenance: AsyncSqlDriver;
  try {
    maintenance = await openPg(maintenanceUrl(url));
  } catch (error) {
    throw new BadInput(describeConnectionError(maintenanceUrl(url), error));
  }
  try {
    await maintenance.exec(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    throw new BadInput(
      `cannot create database ${name} at ${redact(url)}: ${(error as Error).message}`,
    );
  } finally {
    await maintenance.close();
  }
  try {
    return { db: await openPg(url), created: true };
  } catch (error) {
    await dropCreated([url]);
    throw error;
  }
}

/**
 * Removes databases this command created, once a later check refused the command or filling
 * them failed: a refused submit leaves nothing behind, as on SQLite, where no file appears
 * (issue 42 review: the publisher refused after connecting left an empty task database). Their
 * connections are closed first; a database that cannot be dropped is named in the failure.
 */
export async function dropCreated(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const name = pgDatabaseName(url);
    let maintenance: AsyncSqlDriver | null = null;
    try {
      maintenance = await openPg(maintenanceUrl(url));
      await maintenance.exec(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
    } catch (error) {
      throw new BadInput(
        `database ${name} at ${redact(url)} was created by this command and could not be removed again: ${(error as Error).message}`,
      );
    } finally {
      await maintenance?.close();
    }
  }
}
