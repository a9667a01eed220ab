import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './database';
import { seedReferenceData } from './seed';

export type TestBackend = 'pglite' | 'postgres';

/** Backends the integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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
