import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createDatabase, migrate, subscriptionPlans, type Database } from '../src';
import { createTestDatabase, testBackends } from '../src/testing';

describe.each(testBackends())('database on %s', (backend) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('migrates, seeds plans, and answers typed drizzle queries', async () => {
    database = await createTestDatabase(backend);
    const plans = await database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.active, true));
    expect(plans.map((p) => p.title)).toEqual(['Monthly', 'Annual']);
    expect(await migrate(database)).toEqual([]); // a second run applies nothing
  });

  it('rolls a failed transaction back', async () => {
    database = await createTestDatabase(backend);
    await expect(
      database.transaction(async (tx) => {
        await tx.query("insert into faqs(question, answer) values ('q','a')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await database.query<{ n: number }>("select count(*)::int as n from faqs where question = 'q'");
    expect(rows[0]!.n).toBe(0);
  });
});

describe('PGlite on a folder', () => {
  it('keeps data across reopen', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cma-db-'));
    try {
      const first = await createDatabase({ dataDir: dir });
      await first.query("insert into faqs(question, answer) values ('kept?', 'yes')");
      await first.close();
      const second = await createDatabase({ dataDir: dir });
      const rows = await second.query<{ answer: string }>("select answer from faqs where question = 'kept?'");
      await second.close();
      expect(rows).toEqual([{ answer: 'yes' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
