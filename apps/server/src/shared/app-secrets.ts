import { randomBytes } from 'node:crypto';
import type { Database } from '@cma/db';

/** A server-wide secret kept in app_secrets under `name`, made (32 random bytes) by whichever instance asks first. */
export async function appSecret(database: Database, name: string): Promise<string> {
  await database.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(32).toString('base64url')]);
  const [row] = await database.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  return row!.value;
}
