import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestBackend } from '@cma/db/testing';
import type { Database } from '@cma/db';
import { buildApp, type BuildOptions } from '../src/app';
import { parseConfig } from '../src/config';

export { testBackends } from '@cma/db/testing';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** Polls `check` every 20 ms until it holds (true) or `ms` have passed (false): for what another writer or instance makes true. */
export async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** A real app on a fresh database (PGlite or PostgreSQL), injected into with app.inject. Jobs run only on drain(). */
export async function createTestApp(
  backend: TestBackend,
  env: Record<string, string> = {},
  options: BuildOptions = {},
  /** Registers extra routes before the app is ready (tests of shared conventions). */
  setup?: (app: FastifyInstance) => Promise<void>,
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-test-'));
  const database = await createTestDatabase(backend);
  // Demo listings off unless a test asks (DEMO_DATA: 'true'): seeding them in every test app would slow every suite.
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), DEMO_DATA: 'false', MAP_TILE_URL: 'off', ...env });
  const app = await buildApp(config, { database, logger: false, runJobs: false, checkResponses: true, ...options });
  if (setup) await setup(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The authorization header of a signed-in request. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A test app whose mail goes to its own test SMTP server (for a describe block's beforeAll). */
export async function createTestAppWithSmtp(backend: TestBackend, env: Record<string, string> = {}, options: BuildOptions = {}): Promise<{ t: TestApp; smtp: TestSmtp }> {
  const smtp = await startTestSmtp();
  return { smtp, t: await createTestApp(backend, { SMTP_URL: smtp.url, ...env }, options) };
}

/** Closes what a describe block started, in order; what never started is skipped. */
export async function closeAll(...started: ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  for (const thing of started) await thing?.close();
}

/** One PDF worker thread with a long time limit: a loaded machine does not stop the renders a test queues. */
export const ONE_PDF_WORKER = { workers: 1, timeLimitMs: 120_000 };

/** The text of a PDF as poppler's pdftotext lays it out. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cma-pdf-text-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Refuse every message (simulates an SMTP outage) until set back to false. */
  down: boolean;
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The messages addressed to `email`. */
  to(email: string): ParsedMail[];
  /** Waits until `count` messages to `email` have arrived; returns them. */
  waitForTo(email: string, count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server in process, parsing every message it accepts. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    messages: [],
    down: false,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (state.messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails, got ${state.messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return state.messages;
    },
    to: (email) => state.messages.filter((m) => JSON.stringify(m.to ?? '').includes(email)),
    async waitForTo(email, count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (state.to(email).length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails to ${email}, got ${state.to(email).length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return state.to(email);
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (state.down) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Service unavailable'), { responseCode: 421 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          state.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Creates a user with a session directly in the database; returns the bearer token. For tests of other modules. */
export async function createUserWithSession(
  testApp: TestApp,
  opts: { email?: string; subscribed?: boolean } = {},
): Promise<{ userId: string; token: string }> {
  const email = opts.email ?? `agent-${Math.random().toString(36).slice(2)}@example.com`;
  const [user] = await testApp.database.query<{ id: string }>(
    "insert into users(email, name, password_hash) values ($1, 'Test Agent', 'not-a-real-hash') returning id",
    [email],
  );
  if (opts.subscribed ?? true) {
    await testApp.database.query(
      "insert into subscriptions(user_id, plan_id, status, provider, trial_end) select $1, id, 'trialing', 'test', now() + interval '14 days' from subscription_plans order by sort_order limit 1",
      [user!.id],
    );
  }
  const token = await testApp.app.ctx.auth.startSession(user!.id);
  return { userId: user!.id, token };
}

/** A TCP port free on 127.0.0.1 right now, for tests that start real server processes. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand for app.inject, so a test controls every byte and declared type. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cma${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The id of an MLS source (made without a feed on first use) for listings a test loads. */
export async function testMlsSource(testApp: TestApp, name = 'test-mls'): Promise<string> {
  await testApp.database.query('insert into mls_sources (name, title) values ($1, $1) on conflict (name) do nothing', [name]);
  const [row] = await testApp.database.query<{ id: string }>('select id from mls_sources where name = $1', [name]);
  return row!.id;
}

/** Makes a user a member of an MLS source (as an operator's approval would), so its listings are theirs to see. */
export async function joinTestMls(testApp: TestApp, userId: string, name = 'test-mls'): Promise<void> {
  const sourceId = await testMlsSource(testApp, name);
  await testApp.database.query(
    `insert into mls_memberships (user_id, mls_source_id, member_id, verified_by) values ($1, $2, $3, 'operator') on conflict do nothing`,
    [userId, sourceId, `M-${userId.slice(0, 8)}`],
  );
}
