import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { authenticate, requireSubscriber, currentUserId } from '../src/http/auth';
import { rateLimit } from '../src/http/rate-limit';
import { ok } from '../src/http/envelope';
import { createTestApp, createUserWithSession, startTestSmtp, testBackends, type TestApp } from './helpers';
import { createTestDatabase } from '@cma/db/testing';

// Routes that exist only in this test, to exercise the shared conventions through real HTTP handling.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/test/echo', { schema: { body: z.object({ email: z.string().email('Please enter valid Email ID'), age: z.number().int() }) } }, async (request) =>
    ok(request.body),
  );
  app.get('/api/test/me', { preHandler: authenticate }, async (request) => ok({ userId: currentUserId(request) }));
  app.get('/api/test/subscriber', { preHandler: requireSubscriber }, async () => ok({ fine: true }));
  app.post('/api/test/limited', { preHandler: rateLimit({ name: 'probe', limit: 3, windowMs: 60_000 }) }, async () => ok(null));
  app.delete('/api/test/thing', async () => ok({ deleted: true }));
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail');
  });
};

describe.each(testBackends())('foundation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, async (app) => {
      await app.register(probeRoutes);
    });
  });
  afterAll(() => t.close());

  it('answers the FAQ list in the envelope, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faq-list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status_code).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    expect(body.data[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) });
  });

  it('publishes client settings without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().data).toMatchObject({ billing: 'test', stripePublishableKey: null, company: { state: 'CO' } });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: backend });
  });

  it('turns schema failures into 422 with a field map', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', age: 'x' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status_code).toBe(422);
    expect(body.data.email).toEqual(['Please enter valid Email ID']);
    expect(body.data.age).toHaveLength(1);
  });

  it('answers malformed JSON with a clear 400, and unknown API paths with a 404 envelope', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status_code: 400, message: 'The request body is not valid JSON.' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status_code: 404, message: 'Not found' });
  });

  it('takes a DELETE sent with a JSON content type and no body as bodiless; an empty or poisoned POST body is still refused', async () => {
    const json = { 'content-type': 'application/json' };
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/test/thing', headers: json });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ deleted: true });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/test/thing', headers: json, payload: '{oops' })).statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ status_code: 400, message: 'The request body is not valid JSON.' });
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: json, payload: '{"email":"a@b.co","age":1,"__proto__":{"admin":true}}' });
    expect(poisoned.statusCode).toBe(400);
  });

  it('hides internal errors behind a 500 envelope', async () => {
    const res = await t.app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: 500, message: 'Something went wrong.' });
  });

  it('refuses a missing or unknown token with 401 Unauthorized access', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ url: '/api/test/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status_code: 401, message: 'Unauthorized access' });
    }
  });

  it('accepts a live session, and refuses it once ended', async () => {
    const { token, userId } = await createUserWithSession(t);
    const res = await t.app.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().data).toEqual({ userId });
    const session = await t.app.ctx.auth.resolve(token);
    await t.app.ctx.auth.endSession(session!);
    expect((await t.app.inject({ url: '/api/test/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('stores only the hash of a session token', async () => {
    const { token } = await createUserWithSession(t);
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
  });

  it('answers status 99 to a signed-in user without an active subscription', async () => {
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    const res = await t.app.inject({ url: '/api/test/subscriber', headers: { authorization: `Bearer ${unsubscribed.token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 99, status_code: 99, message: 'Unauthorized access' });
    const subscribed = await createUserWithSession(t);
    expect((await t.app.inject({ url: '/api/test/subscriber', headers: { authorization: `Bearer ${subscribed.token}` } })).statusCode).toBe(200);
  });

  it('rate-limits with counters in the database and a Retry-After header', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/test/limited', remoteAddress: '10.9.9.9' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const limited = await t.app.inject({ method: 'POST', url: '/api/test/limited', remoteAddress: '10.9.9.9' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/limited', remoteAddress: '10.9.9.10' })).statusCode).toBe(200);
  });
});

describe.each(testBackends())('mail delivery on %s', (backend) => {
  it('keeps a message while SMTP is down and delivers it exactly once when it returns', async () => {
    const smtp = await startTestSmtp();
    const t = await createTestApp(backend, { SMTP_URL: smtp.url });
    try {
      smtp.down = true;
      await t.app.ctx.mail.send({ to: 'client@example.com', subject: 'Your report', title: 'Hello', paragraphs: ['Line one'] });
      await t.app.ctx.jobs.drain();
      expect(smtp.messages).toHaveLength(0);
      const [job] = await t.database.query<{ status: string; attempts: number; last_error: string }>("select status, attempts, last_error from jobs where queue = 'mail.send'");
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      smtp.down = false;
      // Skip the back-off wait, on the queue's own clock: the database's now() can run ahead of it (sub-ms, or a skewed server).
      await t.database.query("update jobs set run_at = $1 where queue = 'mail.send'", [new Date(Date.now() - 60_000)]);
      await t.app.ctx.jobs.drain();
      await t.app.ctx.jobs.drain();
      const [mail] = await smtp.waitFor(1);
      expect(smtp.messages).toHaveLength(1);
      expect(mail!.subject).toBe('Your report');
      expect(mail!.text).toContain('Line one');
      expect(mail!.html).toContain('CMA Studio');
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('outbox mail (embedded default)', () => {
  it('writes each message as an .eml file', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.app.ctx.mail.send({ to: 'a@example.com', subject: 'Outbox check', title: 'T', paragraphs: ['P'] });
      await t.app.ctx.jobs.drain();
      const files = await readdir(path.join(t.dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
    } finally {
      await t.close();
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes and files from dist', async () => {
    const t = await createTestApp('pglite');
    await t.close();
    const dist = path.join(t.dataDir + '-dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const database = await createTestDatabase('pglite');
    const app = await buildApp(parseConfig({ DATA_DIR: t.dataDir, WEB_DIST_DIR: dist }), { database, logger: false, runJobs: false });
    try {
      for (const url of ['/', '/home', '/reset-password/abc', '/some/unknown/path']) {
        const res = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
      }
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('serves the prerendered landing page only at /, and the empty shell (app.html) for every other client route', async () => {
    const dataDir = path.join(tmpdir(), `cma-shell-${process.pid}-${Date.now()}`);
    const dist = `${dataDir}-dist`;
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"><main>Landing</main></div>');
    await writeFile(path.join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    const database = await createTestDatabase('pglite');
    const app = await buildApp(parseConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: dist }), { database, logger: false, runJobs: false });
    try {
      expect((await app.inject({ url: '/' })).body).toContain('<main>Landing</main>');
      for (const url of ['/login', '/home', '/reset-password/abc', '/some/unknown/path']) {
        const res = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
      }
      const asset = await app.inject({ url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'HEAD', url: '/home' })).statusCode).toBe(200);
      const big = await app.inject({ url: '/api/faq-list', headers: { 'accept-encoding': 'gzip' } });
      expect(big.headers['content-encoding']).toBe('gzip');
      expect((await app.inject({ url: '/api/unknown' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('configuration', () => {
  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' }, /MAP_TILE_URL must be 'off' or an http\(s\) URL with \{z\}, \{x\} and \{y\}/],
    [{ MAP_TILE_URL: 'file:///etc/{z}/{x}/{y}' }, /MAP_TILE_URL/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('defaults to the embedded shape', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 3000, billing: 'test', demoData: true, publicUrl: 'http://localhost:3000' });
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
  });

  it('draws street maps from OpenStreetMap unless MAP_TILE_URL names another tile source or is off', () => {
    expect(parseConfig({})).toMatchObject({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', mapAttribution: '© OpenStreetMap contributors' });
    expect(parseConfig({ MAP_TILE_URL: 'off' }).mapTileUrl).toBeNull();
    expect(parseConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}@2x.png', MAP_TILE_ATTRIBUTION: '© Example Maps © OpenStreetMap' })).toMatchObject({
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}@2x.png',
      mapAttribution: '© Example Maps © OpenStreetMap',
    });
  });
});
