import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { REPORT_LINK_CAP_MESSAGE } from '@cma/contracts';
import { buildReportInput } from '@cma/report';
import { createUserWithSession, testBackends, type TestApp, type TestSmtp, pdfText, createTestAppWithSmtp, closeAll, bearer } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PREVIEW_UA = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testBackends())('live report links on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-21T10:00:00Z').getTime();
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, { PUBLIC_URL: 'https://cma.example' }, { now: () => new Date(clock) })));
  afterAll(() => closeAll(t, smtp));

  const save = async (token: string, state = sampleState) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(token), payload: { address: '1234 Elm Street, Denver, CO 80220', state } });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const share = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/report-links', headers: bearer(token), payload });
  const links = (token: string, historyId: number | string) => t.app.inject({ method: 'GET', url: `/api/report-links?history_id=${historyId}`, headers: bearer(token) });
  const visit = (url: string, userAgent = PHONE_UA, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent }, remoteAddress });

  it('shares a saved report as /r/<token>: the page is server-rendered HTML with the engine numbers, noindex and nothing from other hosts', async () => {
    const agent = await createUserWithSession(t, { email: 'share.agent@example.com' });
    const historyId = await save(agent.token);
    const created = await share(agent.token, { history_id: historyId });
    expect(created.statusCode).toBe(200);
    const { token, url, expires_at } = created.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`https://cma.example/r/${token}`);
    expect(new Date(expires_at).getTime()).toBe(clock + 90 * DAY_MS);

    // Only the token's SHA-256 is stored, and the stored seed is not the token.
    const [row] = await t.database.query<Record<string, unknown>>('select * from report_links where history_id = $1', [historyId]);
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await visit(`/r/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow, noarchive"/>');
    expect(html).not.toContain('<script');
    // Every image, stylesheet and frame comes from this page's own /r/ path: no third-party requests.
    for (const [, src] of html.matchAll(/\s(?:src|srcset)="([^"]*)"/g)) expect(src).toMatch(new RegExp(`^/r/${token}/photos/\\d+$`));
    expect(html).not.toMatch(/<link[^>]+stylesheet/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // The same valuation path as the PDF: buildReportInput's numbers, printed.
    const input = buildReportInput(JSON.parse(sampleState), { now: new Date(clock) });
    expect(html).toContain('1234 Elm Street, Denver, CO 80220');
    expect(html).toContain('Prepared for Taylor &amp; Morgan Reed');
    expect(html).toContain(`$ ${input.range!.start.toLocaleString('en-US')}`);
    expect(html).toContain(`$ ${input.reconciliation!.value.toLocaleString('en-US')}`);
    for (const comp of input.comparables) expect(html).toContain(comp.street);
    expect(html).toContain('href="tel:3035550142"');
    // The agent's own details come from the profile (the state's agentEmail only fills what the profile lacks, as the phone here).
    expect(html).toContain('href="mailto:share.agent@example.com?subject=');
    expect(html).toContain(`href="/r/${token}/pdf"`);
    expect(html).toContain('not a licensed appraisal');
    // The agent's colour.
    expect(html).toContain('--brand:#0070c0');

    const photo = await visit(`/r/${token}/photos/0`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
    expect(photo.rawPayload.length).toBeGreaterThan(100);
    expect((await visit(`/r/${token}/photos/999`)).statusCode).toBe(404);

    const pdf = await visit(`/r/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="1234-Elm-Street-CMA.pdf"');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('1234 Elm Street, Denver, CO 80220');
    expect(text).toContain(`$ ${input.reconciliation!.value.toLocaleString('en-US')}`);
  });

  it('records each view with its time and device class (no address), skips link previews, and e-mails the agent once at the first view', async () => {
    const agent = await createUserWithSession(t, { email: 'views.agent@example.com' });
    const historyId = await save(agent.token);
    const { token } = (await share(agent.token, { history_id: historyId })).json().data;
    const before = smtp.to('views.agent@example.com').length;

    expect((await visit(`/r/${token}`, PREVIEW_UA)).statusCode).toBe(200);
    expect((await links(agent.token, historyId)).json().data[0]).toMatchObject({ views: 0, last_viewed_at: null });

    clock += 60_000;
    expect((await visit(`/r/${token}`, PHONE_UA)).statusCode).toBe(200);
    const firstViewAt = new Date(clock).toISOString();
    clock += 60_000;
    expect((await visit(`/r/${token}`, DESKTOP_UA, '198.51.100.9')).statusCode).toBe(200);
    // A view is written while its page goes out (decision 2052): it shows a moment after the response, not before it.
    await vi.waitFor(async () => expect((await links(agent.token, historyId)).json().data[0].views).toBe(2));
    const list = (await links(agent.token, historyId)).json().data;
    expect(list).toEqual([{ token, url: `http://localhost:3000/r/${token}`.replace('http://localhost:3000', 'https://cma.example'), expires_at: expect.any(String), revoked: false, views: 2, last_viewed_at: new Date(clock).toISOString() }]);

    const views = await t.database.query<Record<string, unknown>>(
      'select v.* from report_link_views v join report_links l on l.id = v.link_id where l.history_id = $1 order by v.viewed_at',
      [historyId],
    );
    expect(views.map((v) => v.device)).toEqual(['phone', 'desktop']);
    expect(new Date(views[0]!.viewed_at as string).toISOString()).toBe(firstViewAt);
    expect(Object.keys(views[0]!).sort()).toEqual(['device', 'id', 'link_id', 'viewed_at']);
    expect(JSON.stringify(views)).not.toMatch(/203\.0\.113\.7|198\.51\.100\.9/);

    await t.app.ctx.jobs.drain();
    const mails = await smtp.waitForTo('views.agent@example.com', before + 1);
    // The same visitor (address and browser) an hour later is a new view.
    clock += 61 * 60_000;
    await visit(`/r/${token}`, PHONE_UA);
    await vi.waitFor(async () => expect((await links(agent.token, historyId)).json().data[0].views).toBe(3));
    await t.app.ctx.jobs.drain();
    expect(smtp.to('views.agent@example.com')).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Taylor & Morgan Reed opened your CMA for 1234 Elm Street');
  });

  it('counts one visitor\'s openings of a link once per hour, never a HEAD, a bot or a link preview; e-mails the agent only for a counted view (issue 30)', async () => {
    const agent = await createUserWithSession(t, { email: 'dedupe.agent@example.com' });
    const historyId = await save(agent.token);
    const { token } = (await share(agent.token, { history_id: historyId })).json().data;
    const before = smtp.to('dedupe.agent@example.com').length;
    const views = async () => (await links(agent.token, historyId)).json().data[0].views as number;

    // A link checker's HEAD, a crawler and a chat preview: answered, never counted, no e-mail.
    const head = await t.app.inject({ method: 'HEAD', url: `/r/${token}`, headers: { 'user-agent': DESKTOP_UA }, remoteAddress: '192.0.2.10' });
    expect(head.statusCode).toBe(200);
    expect((await visit(`/r/${token}`, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '192.0.2.11')).statusCode).toBe(200);
    expect((await visit(`/r/${token}`, PREVIEW_UA, '192.0.2.12')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 600)); // longer than a batch of views waits
    await t.app.ctx.jobs.drain();
    expect(await views()).toBe(0);
    expect(smtp.to('dedupe.agent@example.com')).toHaveLength(before);

    // The 60 openings by one visitor: one view.
    for (let i = 0; i < 60; i++) expect((await visit(`/r/${token}`, PHONE_UA, '192.0.2.20')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await views()).toBe(1));
    // Another browser on the same address is another visitor.
    await visit(`/r/${token}`, DESKTOP_UA, '192.0.2.20');
    await vi.waitFor(async () => expect(await views()).toBe(2));
    clock += 59 * 60_000;
    await visit(`/r/${token}`, PHONE_UA, '192.0.2.20');
    await new Promise((r) => setTimeout(r, 600));
    expect(await views()).toBe(2);
    clock += 2 * 60_000;
    await visit(`/r/${token}`, PHONE_UA, '192.0.2.20');
    await vi.waitFor(async () => expect(await views()).toBe(3));
    await t.app.ctx.jobs.drain();
    expect(smtp.to('dedupe.agent@example.com')).toHaveLength(before + 1);
    // The visitor is kept only as a keyed hash: no address or user agent in the table.
    const visitors = await t.database.query('select v.* from report_link_visitors v join report_links l on l.id = v.link_id where l.history_id = $1', [historyId]);
    expect(visitors).toHaveLength(2);
    expect(JSON.stringify(visitors)).not.toMatch(/192\.0\.2\.20|iPhone|Windows/);
  });

  it('serves a busy link with no database round trip before the page: the lookup is kept a few seconds, views and rate counts are written after, in batches (issue 30)', async () => {
    const agent = await createUserWithSession(t);
    const historyId = await save(agent.token);
    const { token } = (await share(agent.token, { history_id: historyId })).json().data;
    expect((await visit(`/r/${token}`, PHONE_UA, '192.0.2.30')).statusCode).toBe(200);
    const queries = vi.spyOn(t.database, 'query');
    try {
      for (const address of ['192.0.2.31', '192.0.2.32', '192.0.2.33']) {
        const page = await visit(`/r/${token}`, PHONE_UA, address);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('1234 Elm Street');
      }
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
    // Written a moment later, every one counted.
    await vi.waitFor(async () => expect((await links(agent.token, historyId)).json().data[0].views).toBe(4));
  });

  it('keeps at most 20 live links per report (422 naming history_id) and lets an agent create 30 an hour (429 with the wait) (issue 30)', async () => {
    const agent = await createUserWithSession(t);
    const first = await save(agent.token);
    const created: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await share(agent.token, { history_id: first });
      expect(res.statusCode).toBe(200);
      created.push(res.json().data.token);
    }
    const capped = await share(agent.token, { history_id: first });
    expect(capped.statusCode).toBe(422);
    expect(capped.json()).toEqual({ status_code: 422, message: REPORT_LINK_CAP_MESSAGE, data: { history_id: [REPORT_LINK_CAP_MESSAGE] } });
    // A revoked link frees its place.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/report-links/${created[0]}`, headers: bearer(agent.token) })).statusCode).toBe(200);
    expect((await share(agent.token, { history_id: first })).statusCode).toBe(200);
    // An e-mailed report reuses the newest live link rather than going past the cap.
    expect((await links(agent.token, first)).json().data.filter((l: { revoked: boolean }) => !l.revoked)).toHaveLength(20);

    // 22 creations so far; eight more are allowed this hour, on any report, then a 429 that says how long to wait.
    const second = await save(agent.token, sampleState.replace('"sample-report-0001"', '"sample-report-0002"'));
    expect(second).not.toBe(first);
    for (let i = 0; i < 8; i++) expect((await share(agent.token, { history_id: second })).statusCode).toBe(200);
    const limited = await share(agent.token, { history_id: second });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^You have created 30 live links in the last hour\. Try again in \d+ minutes?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another agent is not held back.
    const other = await createUserWithSession(t);
    expect((await share(other.token, { history_id: await save(other.token) })).statusCode).toBe(200);
  });

  it("lets only the owner change a link's expiry, and the live page follows the change at once (issue 30)", async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const historyId = await save(alice.token);
    const { token, expires_at } = (await share(alice.token, { history_id: historyId })).json().data;
    expect((await visit(`/r/${token}`)).statusCode).toBe(200); // the lookup is now kept by this instance
    const patch = (who: string, days: number) => t.app.inject({ method: 'PATCH', url: `/api/report-links/${token}`, headers: bearer(who), payload: { expires_in_days: days } });
    const stolen = await patch(bob.token, 1);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ status_code: 404, message: 'This link does not exist.' });
    expect((await links(alice.token, historyId)).json().data[0].expires_at).toBe(expires_at);
    clock += 2 * DAY_MS;
    expect((await visit(`/r/${token}`)).statusCode).toBe(200); // Bob's 1 day did not take
    expect((await patch(alice.token, 1)).statusCode).toBe(200);
    clock += DAY_MS + 1000;
    expect((await visit(`/r/${token}`)).statusCode).toBe(404);
    expect((await patch(alice.token, 30)).statusCode).toBe(200);
    expect((await visit(`/r/${token}`)).statusCode).toBe(200);
  });

  it('revokes a link: /r/<token> then answers a 404 page that says the link is no longer available', async () => {
    const agent = await createUserWithSession(t);
    const historyId = await save(agent.token);
    const { token } = (await share(agent.token, { history_id: historyId })).json().data;
    expect((await visit(`/r/${token}`)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/report-links/${token}`, headers: bearer(agent.token) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status_code: 200, data: { token, revoked: true } });
    for (const url of [`/r/${token}`, `/r/${token}/photos/0`, `/r/${token}/pdf`]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This link is no longer available');
      expect(res.body).not.toContain('Elm Street');
    }
    expect((await links(agent.token, historyId)).json().data[0]).toMatchObject({ token, revoked: true });
  });

  it('expires links after 90 days by default, or when the agent says; the agent can change the expiry', async () => {
    const agent = await createUserWithSession(t);
    const historyId = await save(agent.token);
    const short = (await share(agent.token, { history_id: historyId, expires_in_days: 2 })).json().data;
    const standard = (await share(agent.token, { history_id: historyId })).json().data;
    clock += 2 * DAY_MS + 1000;
    expect((await visit(`/r/${short.token}`)).statusCode).toBe(404);
    expect((await visit(`/r/${standard.token}`)).statusCode).toBe(200);
    const extended = await t.app.inject({ method: 'PATCH', url: `/api/report-links/${short.token}`, headers: bearer(agent.token), payload: { expires_in_days: 30 } });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data.expires_at).toBe(new Date(clock + 30 * DAY_MS).toISOString());
    expect((await visit(`/r/${short.token}`)).statusCode).toBe(200);
    clock += 89 * DAY_MS;
    expect((await visit(`/r/${standard.token}`)).statusCode).toBe(404);
  });

  it("gives another agent's history id and link 404, and an unknown or malformed token the same 404 page", async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const aliceHistory = await save(alice.token);
    const { token } = (await share(alice.token, { history_id: aliceHistory })).json().data;
    const stolen = await share(bob.token, { history_id: aliceHistory });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ status_code: 404, message: 'This saved report no longer exists.' });
    expect((await links(bob.token, aliceHistory)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/report-links/${token}`, headers: bearer(bob.token) })).json()).toEqual({ status_code: 404, message: 'This link does not exist.' });
    expect((await visit(`/r/${token}`)).statusCode).toBe(200); // still Alice's, still live
    const unknown = await visit(`/r/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This link is no longer available');
    expect((await visit('/r/short')).statusCode).toBe(404);
  });

  it('rejects bad input with the field named', async () => {
    const agent = await createUserWithSession(t);
    const historyId = await save(agent.token);
    const noId = await share(agent.token, {});
    expect(noId.statusCode).toBe(422);
    expect(Object.keys(noId.json().data)).toEqual(['history_id']);
    const words = await share(agent.token, { history_id: 'abc' });
    expect(words.json().data.history_id).toEqual(['history_id must be a whole number.']);
    for (const days of [0, 366, 1.5]) {
      const res = await share(agent.token, { history_id: historyId, expires_in_days: days });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.expires_in_days).toEqual(['expires_in_days must be a whole number of days from 1 to 365.']);
    }
    expect((await links(agent.token, 'x')).statusCode).toBe(422);
  });

  it('rate limits /r/ per client address', async () => {
    const bad = `/r/${'B'.repeat(43)}`;
    for (let i = 0; i < 300; i++) expect((await visit(bad, PREVIEW_UA, '192.0.2.50')).statusCode).toBe(404);
    const limited = await visit(bad, PREVIEW_UA, '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit(bad, PREVIEW_UA, '192.0.2.51')).statusCode).toBe(404);
    // The counter is keyed by a hash of the address, never the address itself; it reaches the database a moment later.
    await vi.waitFor(async () => {
      const keys = await t.database.query<{ key: string; count: number }>("select key, count from rate_limit_counters where key like 'live:%'");
      expect(Math.max(...keys.map((k) => Number(k.count)))).toBeGreaterThanOrEqual(300);
      expect(JSON.stringify(keys)).not.toContain('192.0.2.50');
    });
  });
});
