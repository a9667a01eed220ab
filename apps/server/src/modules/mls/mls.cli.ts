// `cma mls add | sync | list | approve` — the operator's MLS sources (issue 28). Uses DATABASE_URL, or the embedded
// database in DATA_DIR while the server is stopped (PGlite does not lock its folder). Results on stdout, logs on stderr;
// a token or client secret is never printed.
import { hostname } from 'node:os';
import path from 'node:path';
import { createDatabase } from '@cma/db';
import { parseConfig, ConfigError } from '../../config';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage';
import { createS3FileStorage } from '../../adapters/storage/s3-file-storage';
import { ResoError } from '../../adapters/reso/reso-client';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { createListingsRepository } from '../listings/listings.repository';
import { createMlsRepository } from './mls.repository';
import { createMembershipRepository } from './mls-membership.repository';
import { createMembershipService, type MembershipService } from './mls-membership.service';
import { MlsSecretError } from './mls-secrets';
import { MlsBusyError, type MlsLog } from './mls-sync';
import { createMlsService, MLS_PHOTO_FILES_DELETE_QUEUE, MLS_SYNC_DISPATCH, MLS_SYNC_INTERVAL_MS, MlsInputError, type MlsCredentials, type MlsService, type SourceState } from './mls.service';
import { recurringSlotKey } from '../../jobs/recurring-slot';

export const MLS_USAGE = `Usage:
  cma mls add NAME --reso-url URL (--token TOKEN | --token-url URL --client-id ID --client-secret SECRET [--scope SCOPE])
                   [--title "Name"] [--filter "OriginatingSystemName eq 'x'"] [--page-size N]
  cma mls sync NAME [--json]
  cma mls list [--json]
  cma mls approve NAME MEMBER_ID      (an MLS without a Member resource: its member may then join it in their profile)`;

/** How long `cma mls sync` waits for a sync of the same source running elsewhere (a server's job) to end. */
const WAIT_FOR_OTHER_SYNC_MS = 15 * 60 * 1000;

class UsageError extends Error {}

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set(['--reso-url', '--token', '--token-url', '--client-id', '--client-secret', '--scope', '--title', '--filter', '--page-size']);
const BOOLEAN_FLAGS = new Set(['--json']);

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (BOOLEAN_FLAGS.has(flag)) flags.set(flag, true);
    else if (VALUE_FLAGS.has(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      flags.set(flag, value);
    } else throw new UsageError(`unknown option ${flag}`);
  }
  return { positional, flags };
}

const text = (p: Parsed, flag: string): string | undefined => {
  const value = p.flags.get(flag);
  return typeof value === 'string' ? value : undefined;
};

/** The credentials of `mls add`: a bearer token, or all three OAuth2 client-credential flags — never both. */
function credentialsOf(p: Parsed): MlsCredentials {
  const token = text(p, '--token');
  const oauth = ['--token-url', '--client-id', '--client-secret'].map((flag) => text(p, flag));
  const someOauth = oauth.some((v) => v !== undefined);
  if (token !== undefined && someOauth) throw new UsageError('give either --token or --token-url, --client-id and --client-secret, not both');
  if (token !== undefined) return { token };
  if (oauth.every((v) => v !== undefined)) return { tokenUrl: oauth[0]!, clientId: oauth[1]!, clientSecret: oauth[2]!, scope: text(p, '--scope') ?? null };
  if (someOauth) throw new UsageError('OAuth2 needs all of --token-url, --client-id and --client-secret');
  throw new UsageError('give --token, or --token-url, --client-id and --client-secret');
}

/** Logs to stderr, one line each: a skipped record with its key and reason, a photo not stored. */
function stderrLog(quiet: boolean): MlsLog {
  const line = (data: Record<string, unknown>, message: string) =>
    `${message}: ${Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ')}\n`;
  return {
    info: (data, message) => {
      if (!quiet) process.stderr.write(line(data, message));
    },
    warn: (data, message) => process.stderr.write(line(data, message)),
  };
}

async function withService<T>(quiet: boolean, work: (service: MlsService, memberships: MembershipService, jobs: JobQueue) => Promise<T>): Promise<T> {
  const config = parseConfig(process.env);
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const storage = config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(path.join(config.dataDir, 'files'));
    const log = stderrLog(quiet);
    // Photo files that could not be deleted now are left to the servers' job queue.
    const jobs = createJobQueue(database, { warn: () => {}, error: () => {} } as never);
    const service = createMlsService({
      database,
      repository: createMlsRepository(database),
      listings: createListingsRepository(database),
      storage,
      now: () => new Date(),
      log,
      secretKey: config.mlsSecretKey,
      retryFileDeletion: async (keys) => void (await jobs.enqueue(MLS_PHOTO_FILES_DELETE_QUEUE, { keys })),
    });
    const memberships = createMembershipService({ repository: createMembershipRepository(database), mls: service, now: () => new Date(), log });
    return await work(service, memberships, jobs);
  } finally {
    await database.close();
  }
}

function describeFeed(state: SourceState): string {
  if (!state.feed) return 'CSV loads only';
  const host = new URL(state.feed).host;
  const auth = state.auth === 'oauth2' ? 'OAuth2' : state.auth === 'token' ? 'token' : 'no credentials';
  return `${host} (${auth}${state.auth ? (state.secretEncrypted ? ', encrypted' : ', NOT encrypted') : ''})`;
}

function printList(states: SourceState[]): void {
  if (states.length === 0) {
    process.stdout.write('No MLS sources. Add one with: cma mls add NAME --reso-url URL --token TOKEN\n');
    return;
  }
  for (const s of states) {
    const photos = `${s.photos} photos${s.photosPending ? `, ${s.photosPending} to download` : ''}${s.photosFailed ? `, ${s.photosFailed} failed` : ''}`;
    process.stdout.write(`${s.name} — ${s.title}\n`);
    process.stdout.write(`  feed: ${describeFeed(s)}\n`);
    process.stdout.write(`  ${s.listings} listings, ${photos}\n`);
    process.stdout.write(`  health: ${s.health}; last sync ${s.lastSyncAt ?? 'never'}; last success ${s.lastSuccessAt ?? 'never'}; changes up to ${s.watermark ?? '—'}\n`);
    if (s.lastError) process.stdout.write(`  last error (${s.lastErrorAt}): ${s.lastError}\n`);
  }
}

async function add(p: Parsed): Promise<number> {
  const [name, extra] = p.positional;
  if (!name || extra !== undefined) throw new UsageError(name ? `unexpected argument ${extra}` : 'NAME is required');
  const resoUrl = text(p, '--reso-url');
  if (!resoUrl) throw new UsageError('--reso-url URL is required');
  const credentials = credentialsOf(p);
  return withService(true, async (service, _memberships, jobs) => {
    const pageSize = text(p, '--page-size');
    const result = await service.addSource({ name, title: text(p, '--title'), resoUrl, credentials, propertyFilter: text(p, '--filter'), pageSize: pageSize === undefined ? null : Number(pageSize) });
    const stored = result.encrypted ? 'stored encrypted' : 'stored unencrypted: set MLS_SECRET_KEY (32+ characters) to encrypt it';
    // The servers sync every source on a schedule: queue this slot's dispatcher run (a no-op when one is queued).
    const now = new Date();
    await jobs.enqueue(MLS_SYNC_DISPATCH.queue, {}, { singletonKey: recurringSlotKey(MLS_SYNC_DISPATCH.slotName, MLS_SYNC_INTERVAL_MS, now), runAt: now, maxAttempts: 3 });
    process.stdout.write(`MLS source ${name} ${result.created ? 'added' : 'updated'}; its ${'token' in credentials ? 'token' : 'client secret'} is ${stored}. Run: cma mls sync ${name}\n`);
    return 0;
  });
}

async function sync(p: Parsed): Promise<number> {
  const [name, extra] = p.positional;
  if (!name || extra !== undefined) throw new UsageError(name ? `unexpected argument ${extra}` : 'NAME is required');
  const json = p.flags.has('--json');
  return withService(json, async (service, memberships) => {
    const owner = `cli:${hostname()}:${process.pid}`;
    const run = await service.sync(name, {
      owner,
      reconcile: 'always',
      waitMs: WAIT_FOR_OTHER_SYNC_MS,
      onWait: () => process.stderr.write(`waiting: another process is syncing ${name}\n`),
    });
    const source = await service.sourceNamed(name);
    await memberships.recheck(source.id);
    const photos = await service.storePhotos({ sourceId: source.id });
    const state = await service.state(name);
    if (json) process.stdout.write(`${JSON.stringify({ source: name, listings: state.listings, photos: state.photos, removed: run.removed })}\n`);
    else {
      process.stdout.write(`${name}: ${run.written} listings written, ${run.removed} removed, ${run.skipped} skipped; ${photos.stored} photos stored this run\n`);
      process.stdout.write(`${name} now holds ${state.listings} listings and ${state.photos} photos\n`);
    }
    if (photos.failed > 0) process.stderr.write(`${name}: ${photos.failed} photos could not be stored yet; the server tries them again (cma mls list shows them)\n`);
    if (run.skipped > 0) {
      process.stderr.write(`cma mls sync: ${name}: ${run.skipped} malformed record${run.skipped === 1 ? ' was' : 's were'} skipped (each is logged above with its key and reason); the others are stored\n`);
      return 1;
    }
    return 0;
  });
}

async function list(p: Parsed): Promise<number> {
  if (p.positional.length > 0) throw new UsageError(`unexpected argument ${p.positional[0]}`);
  return withService(true, async (service) => {
    const states = await service.list();
    if (p.flags.has('--json')) process.stdout.write(`${JSON.stringify(states)}\n`);
    else printList(states);
    return 0;
  });
}

async function approve(p: Parsed): Promise<number> {
  const [name, memberId, extra] = p.positional;
  if (!name || !memberId || extra !== undefined) throw new UsageError(extra !== undefined ? `unexpected argument ${extra}` : 'NAME and MEMBER_ID are required');
  return withService(true, async (_service, memberships) => {
    await memberships.approve(name, memberId);
    process.stdout.write(`Member ID ${memberId} of ${name} approved: its agent can now add the membership in their profile.\n`);
    return 0;
  });
}

const SUBCOMMANDS: Record<string, (p: Parsed) => Promise<number>> = { add, sync, list, approve };

/** `cma mls …`: 0 on success, 1 on a failure (one line on stderr), 2 on a usage error. */
export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const command = sub ? SUBCOMMANDS[sub] : undefined;
  if (!command) {
    process.stderr.write(`${sub && sub !== '--help' ? `Unknown mls command '${sub}'.\n` : ''}${MLS_USAGE}\n`);
    return sub === '--help' ? 0 : 2;
  }
  const name = rest.find((a) => !a.startsWith('--')) ?? '';
  try {
    return await command(parse(rest));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`cma mls ${sub}: ${error.message}\n${MLS_USAGE}\n`);
      return 2;
    }
    const known = error instanceof ResoError || error instanceof MlsInputError || error instanceof MlsSecretError || error instanceof MlsBusyError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    const what = error instanceof ResoError ? `${message}; nothing already synced was lost` : message;
    process.stderr.write(`cma mls ${sub}: ${sub === 'sync' && name ? `${name}: ` : ''}${known ? what : `unexpected error: ${message}`}\n`);
    return 1;
  }
}
