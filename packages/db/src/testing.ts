import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './database';
import { seedReferenceData } from './seed';

export type TestBackend = 'pglite' | 'postgres';

export const POSTGRES_SKIPPED_NOTE = 'TEST_DATABASE_URL is not set: the PostgreSQL half is skipped.';

/** Whether the PostgreSQL half of the integration suites can run (TEST_DATABASE_URL is set). */
export const postgresAvailable = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

/**
 * Backends the integration suites run on: PGlite and PostgreSQL. Without TEST_DATABASE_URL the PostgreSQL suites are
 * still declared and reported as skipped (testing-setup.ts), so the count shows the half that did not run.
 */
export function testBackends(): TestBackend[] {
  return ['pglite', 'postgres'];
}

/** A fresh, migrated, seeded database: in-memory PGlite, or a throwaway schema on TEST_DATABASE_URL. */
export async function createTestDatabase(backend: TestBackend = 'pglite'): Promise<Database & { url?: string; searchPath?: string }> {
  if (backend === 'pglite') {
    const database = await createDatabase();
    await seedReferenceData(database);
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const searchPath = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${searchPath}`);
  await admin.end();
  const database = await createDatabase({ url, searchPath, poolSize: 5 });
  await seedReferenceData(database);
  const close = database.close;
  return {
    ...database,
    url,
    searchPath,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${searchPath} cascade`);
      await dropper.end();
    },
  };
}
