// Runs the real `cma mls` commands (bin → tsx → main) as an operator would, against a RESO Web API server over HTTP.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@cma/db';
import { resoPhotos, resoProperty, startFakeReso, type FakeReso } from '../../server/test/fake-reso';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CMA = join(ROOT, 'apps/cli/bin/cma.mjs');
const SECRET_KEY = 'cli-test-key-of-at-least-thirty-two-chars';

describe('cma mls', () => {
  let dataDir: string;
  let reso: FakeReso;

  async function cma(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', MLS_SECRET_KEY: SECRET_KEY, LOG_LEVEL: 'silent' };
    try {
      const { stdout, stderr } = await run(process.execPath, [CMA, 'mls', ...args], { cwd: ROOT, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cma-mls-'));
    reso = await startFakeReso({ auth: { clientId: 'cli-client', clientSecret: 'cli-s3cret' }, mediaStyle: 'inline', maxPageSize: 3 });
    for (let i = 1; i <= 4; i++) {
      reso.properties.push(resoProperty(`C-${i}`, { ListingKey: `KC-${i}`, StreetNumber: String(200 + i), ModificationTimestamp: `2026-05-0${i}T08:00:00Z` }));
      reso.media.push(...resoPhotos(reso, `KC-${i}`, 2));
    }
  });
  afterAll(async () => {
    await reso.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds a source with OAuth2 credentials without ever printing the secret, syncs it and lists it', async () => {
    const added = await cma('add', 'front-range', '--reso-url', reso.url, '--token-url', reso.tokenUrl, '--client-id', 'cli-client', '--client-secret', 'cli-s3cret', '--title', 'Front Range MLS');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('MLS source front-range added; its client secret is stored encrypted. Run: cma mls sync front-range\n');

    const synced = await cma('sync', 'front-range', '--json');
    expect(synced.code, synced.stderr).toBe(0);
    const lines = synced.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ source: 'front-range', listings: 4, photos: 8, removed: 0 });

    const listed = await cma('list', '--json');
    const [state] = JSON.parse(listed.stdout);
    expect(state).toMatchObject({ name: 'front-range', title: 'Front Range MLS', auth: 'oauth2', secretEncrypted: true, listings: 4, photos: 8, health: 'ok', lastError: null });
    // The servers' schedule picks the new source up: the dispatcher's run of this slot is queued.
    const database = await createDatabase({ dataDir });
    try {
      expect(await database.query("select status from jobs where queue = 'mls.sync-dispatch'")).toEqual([{ status: 'pending' }]);
    } finally {
      await database.close();
    }
    const human = await cma('list');
    expect(human.stdout).toContain('front-range — Front Range MLS');
    expect(human.stdout).toContain('4 listings, 8 photos');
    for (const out of [added, synced, listed, human]) expect(out.stdout + out.stderr).not.toContain('cli-s3cret');
  }, 120_000);

  it('shows a price change and a withdrawal at the next sync', async () => {
    reso.properties[0] = { ...reso.properties[0]!, ClosePrice: 900000, ModificationTimestamp: '2026-05-20T08:00:00Z' };
    reso.properties[1] = { ...reso.properties[1]!, StandardStatus: 'Withdrawn', ModificationTimestamp: '2026-05-21T08:00:00Z' };
    const synced = await cma('sync', 'front-range', '--json');
    expect(JSON.parse(synced.stdout)).toEqual({ source: 'front-range', listings: 3, photos: 6, removed: 1 });
  }, 60_000);

  it('exits non-zero with one clear line when the credentials are refused or the server is down; list shows the error and nothing is lost', async () => {
    await cma('add', 'front-range', '--reso-url', reso.url, '--token-url', reso.tokenUrl, '--client-id', 'cli-client', '--client-secret', 'not-it');
    const refused = await cma('sync', 'front-range', '--json');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('cma mls sync: front-range: the token endpoint refused the client credentials (401 invalid_client); nothing already synced was lost\n');
    const [state] = JSON.parse((await cma('list', '--json')).stdout);
    expect(state).toMatchObject({ listings: 3, photos: 6, health: 'failing', lastError: 'the token endpoint refused the client credentials (401 invalid_client)' });
    expect(JSON.stringify(state)).not.toContain('not-it');
  }, 60_000);

  it('approves a member of an MLS for the operator', async () => {
    const approved = await cma('approve', 'front-range', 'FR-77');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toBe('Member ID FR-77 of front-range approved: its agent can now add the membership in their profile.\n');
  }, 60_000);

  it('refuses a wrong call with the usage', async () => {
    const both = await cma('add', 'x', '--reso-url', reso.url, '--token', 't', '--client-id', 'c');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^cma mls add: give either --token or --token-url, --client-id and --client-secret, not both\nUsage:/);
    const badName = await cma('add', 'Not A Name', '--reso-url', reso.url, '--token', 't');
    expect(badName.code).toBe(1);
    expect(badName.stderr).toMatch(/^cma mls add: the MLS name must be/);
    const unknown = await cma('sync', 'nowhere');
    expect(unknown.stderr).toBe('cma mls sync: nowhere: no MLS source named nowhere (cma mls list shows them)\n');
  }, 60_000);
});
