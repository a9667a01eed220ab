import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { PROPERTY_IMAGE_MAX_PER_PROPERTY } from '@cma/contracts';
import { REPORT_MAX_COMPARABLES, REPORT_MAX_PHOTOS_PER_PROPERTY } from '@cma/report';
import { createTestApp, createUserWithSession, testBackends, type TestApp, type TestSmtp, pdfText, createTestAppWithSmtp, closeAll, ONE_PDF_WORKER, bearer } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');

/** The sample report with photos that take the renderer a while: big RGBA PNGs (decoded pixel by pixel), distinct so none is cached. */
async function slowState(photos: number, seed: number): Promise<Record<string, unknown>> {
  const png = (i: number) =>
    sharp({ create: { width: 3000, height: 3000, channels: 4, background: { r: (seed * 31 + i * 7) % 256, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();
  const images = await Promise.all(Array.from({ length: photos }, async (_, i) => `data:image/png;base64,${(await png(i)).toString('base64')}`));
  return { ...JSON.parse(sampleState), base64Images: images };
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** POST /api/send-pdf over a real socket, so the test can hang up as a browser tab closing would. */
function sendOverSocket(address: string, token: string, payload: unknown): { request: ClientRequest; answered: Promise<unknown> } {
  const body = JSON.stringify(payload);
  const request = httpRequest(`${address}/api/send-pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise((resolve) => {
    request.on('response', (res) => resolve(res.statusCode));
    request.on('error', (error) => resolve(error));
  });
  request.end(body);
  return { request, answered };
}

describe.each(testBackends())('report sending and counting on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  // One worker thread: the configuration where one user's renders could hold up another's (its time limit is tested on its own app).
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, {}, { now: () => new Date('2026-11-21T10:00:00Z'), pdfRenders: ONE_PDF_WORKER })));
  afterAll(() => closeAll(t, smtp));

  it('renders the submitted state and e-mails the PDF to the client with the agent as reply-to', async () => {
    const { token } = await createUserWithSession(t, { email: 'agent.send@example.com' });
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'Client@Example.com', state: sampleState } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: 200, message: 'The report has been sent.', data: { email: 'client@example.com', filename: '1234-Elm-Street-CMA.pdf' } });
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ value: [{ address: 'client@example.com' }] });
    // Replies go to the signed-in agent's account e-mail, never to an address taken from the submitted state.
    expect(mail!.replyTo?.value[0]?.address).toBe('agent.send@example.com');
    expect(mail!.subject).toBe('COMPARATIVE MARKET ANALYSIS: 1234 Elm Street, Denver, CO 80220');
    const attachment = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toBe('1234-Elm-Street-CMA.pdf');
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(attachment!.content);
    expect(text).toContain('1234 Elm Street, Denver, CO 80220');
    expect(text).toContain('Taylor & Morgan Reed');
    expect(text).toContain('not a licensed appraisal');
  });

  it("brands the PDF with the agent's business details and replies go to the business e-mail", async () => {
    const { token, userId } = await createUserWithSession(t, { email: 'agent.account@example.com' });
    await t.database.query(
      "insert into business_details (user_id, business_name, agent_name, email, phone) values ($1, 'Peak Homes Denver', 'Robin Vale', 'robin@peakhomes.example', '720-555-0199')",
      [userId],
    );
    // A state without report_data branding: the server fills it from business_details.
    const state = { ...JSON.parse(sampleState), report_data: { reportId: 'branding-test' } };
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'buyer@example.com', state, message: 'Here is the analysis we discussed.' } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.replyTo?.value[0]?.address).toBe('robin@peakhomes.example');
    expect(mail!.text).toContain('Here is the analysis we discussed.');
    const text = pdfText(mail!.attachments.find((a) => a.contentType === 'application/pdf')!.content);
    expect(text).toContain('Robin Vale');
    expect(text).toContain('Peak Homes Denver');
    expect(text).toContain('720-555-0199');
  });

  it("sends from the agent: their name as sender, reply-to, colour, logo and headshot inline, signature, message, the live link beside the PDF, a copy to the agent; sending saves to history and records the send", async () => {
    const { token, userId } = await createUserWithSession(t, { email: 'agent.brand@example.com' });
    await t.database.query(
      "insert into business_details (user_id, business_name, agent_name, email, phone, website) values ($1, 'Peak Homes Denver', 'Robin Vale', 'robin@peakhomes.example', '720-555-0199', 'peakhomes.example')",
      [userId],
    );
    const state = { ...JSON.parse(sampleState), pdfColor: '#7a1f5c', report_data: { reportId: 'send-saves-1' } };
    const payload = { email: 'taylor@example.com', state, message: 'Taylor, here is the analysis we talked about.\n\nCall me with questions.', copy_to_agent: true };

    const preview = await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ from: '"Robin Vale via CMA Studio" <no-reply@cmastudio.app>', reply_to: 'robin@peakhomes.example', to: 'taylor@example.com', bcc: 'robin@peakhomes.example', attachment: '1234-Elm-Street-CMA.pdf' });
    expect(preview.json().data.html).toContain('Taylor, here is the analysis we talked about.');
    expect(preview.json().data.html).toContain('background:#7a1f5c');
    expect(preview.json().data.html).not.toContain('cid:');
    expect((await t.database.query('select 1 from report_history where user_id = $1', [userId])).length).toBe(0); // a preview saves nothing

    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload });
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent.link_url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.from?.value[0]).toEqual({ name: 'Robin Vale via CMA Studio', address: 'no-reply@cmastudio.app' });
    expect(mail!.replyTo?.value[0]?.address).toBe('robin@peakhomes.example');
    expect(mail!.html).toContain('background:#7a1f5c');
    // The logo is an inline attachment (mailparser turns its cid: reference back into a data URL).
    expect(mail!.html).toMatch(/<img src="data:image\/(png|jpeg);base64,[^"]+" alt="Peak Homes Denver"/);
    expect(mail!.html).toContain('href="tel:7205550199"');
    expect(mail!.html).toContain('Robin Vale sent this with CMA Studio');
    expect(mail!.html).not.toContain('>CMA Studio</td>');
    expect(mail!.text).toContain('Taylor, here is the analysis we talked about.');
    expect(mail!.text).toContain(`View your report online: ${sent.link_url}`);
    expect(mail!.attachments.find((a) => a.contentId?.includes('logo'))).toBeDefined();
    expect(mail!.attachments.find((a) => a.contentType === 'application/pdf')?.filename).toBe('1234-Elm-Street-CMA.pdf');
    // The blind copy reached the agent in the same delivery.
    expect(smtp.messages.slice(before).length).toBe(1);
    expect(JSON.stringify(mail!.to)).not.toContain('robin@');

    // Sending saved the report, recorded the send, and the live link opens it.
    const history = await t.database.query<{ id: number; report_id: string }>('select id, report_id from report_history where user_id = $1', [userId]);
    expect(history).toEqual([{ id: sent.history_id, report_id: 'send-saves-1' }]);
    const sends = await t.database.query<{ recipient: string; copy_to_agent: boolean }>('select recipient, copy_to_agent from report_sends where history_id = $1', [sent.history_id]);
    expect(sends).toEqual([{ recipient: 'taylor@example.com', copy_to_agent: true }]);
    expect((await t.app.inject({ method: 'GET', url: new URL(sent.link_url).pathname })).statusCode).toBe(200);
    // A second send reuses the entry and its link.
    const again = (await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { ...payload, history_id: sent.history_id, copy_to_agent: false } })).json().data;
    expect(again).toMatchObject({ history_id: sent.history_id, link_url: sent.link_url });
    const other = await createUserWithSession(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(other.token), payload: { ...payload, history_id: sent.history_id } })).statusCode).toBe(404);
  });

  it('refuses a bad client e-mail, a broken state, and callers without a subscription', async () => {
    const { token } = await createUserWithSession(t);
    const badEmail = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'not-an-email', state: sampleState } });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().data.email).toEqual(['Please enter valid Email ID']);
    const badState = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'c@example.com', state: '[1,2]' } });
    expect(badState.statusCode).toBe(422);
    expect(badState.json().data.state).toEqual(['The report state must be a JSON object.']);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-pdf', payload: { email: 'c@example.com', state: sampleState } })).statusCode).toBe(401);
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(unsubscribed.token), payload: { email: 'c@example.com', state: sampleState } })).json().status).toBe(99);
  });

  it('counts a generated report once per report id', async () => {
    const { token, userId } = await createUserWithSession(t);
    const count = (reportId: string) => t.app.inject({ method: 'POST', url: '/api/update-report-counter', headers: bearer(token), payload: { report_id: reportId } });
    expect((await count('report-a')).json().data).toEqual({ report_count: 1, counted: true });
    expect((await count('report-a')).json().data).toEqual({ report_count: 1, counted: false });
    expect((await count('report-b')).json().data).toEqual({ report_count: 2, counted: true });
    const [row] = await t.database.query<{ report_count: number }>('select report_count from users where id = $1', [userId]);
    expect(Number(row!.report_count)).toBe(2);
    expect((await count('  ')).statusCode).toBe(422);
  });

  const send = (app: TestApp, token: string, payload: Record<string, unknown>) => app.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload });
  const stats = () => t.app.ctx.pdfRenders.stats();

  it('refuses a report past the caps with a 422 naming the list that holds too much, and renders nothing', async () => {
    const { token } = await createUserWithSession(t);
    const sample = JSON.parse(sampleState);
    const before = stats();
    const comparables = Array.from({ length: REPORT_MAX_COMPARABLES + 1 }, (_, i) => ({ ...sample.comaparables[i % sample.comaparables.length], uuid: `comp-${i}` }));
    const tooManyComparables = await send(t, token, { email: 'c@example.com', state: { ...sample, comaparables: comparables } });
    expect(tooManyComparables.statusCode).toBe(422);
    expect(tooManyComparables.json()).toEqual({
      status_code: 422,
      message: `A report can have at most ${REPORT_MAX_COMPARABLES} comparables; this one has ${REPORT_MAX_COMPARABLES + 1}.`,
      data: { 'state.comaparables': [`A report can have at most ${REPORT_MAX_COMPARABLES} comparables; this one has ${REPORT_MAX_COMPARABLES + 1}.`] },
    });
    // Every photo a property can keep on the server fits in its report.
    expect(REPORT_MAX_PHOTOS_PER_PROPERTY).toBeGreaterThanOrEqual(PROPERTY_IMAGE_MAX_PER_PROPERTY);
    const photos = Array.from({ length: REPORT_MAX_PHOTOS_PER_PROPERTY + 1 }, (_, i) => `data:image/jpeg;base64,${Buffer.from(`photo ${i}`).toString('base64')}`);
    const tooManyPhotos = await send(t, token, { email: 'c@example.com', state: JSON.stringify({ ...sample, base64Images: photos }) });
    expect(tooManyPhotos.statusCode).toBe(422);
    expect(tooManyPhotos.json().data).toEqual({
      'state.base64Images': [`The subject property has ${REPORT_MAX_PHOTOS_PER_PROPERTY + 1} photos; a report can show at most ${REPORT_MAX_PHOTOS_PER_PROPERTY} per property.`],
    });
    expect(stats()).toEqual(before);
  });

  it("one agent's slow reports do not hold up another agent's quick one: it goes out after the slow one already rendering", async () => {
    const slowAgent = await createUserWithSession(t);
    const quickAgent = await createUserWithSession(t);
    // The first report renders for seconds (so the rest queue behind it meanwhile); the next two for about a second each.
    const slow = await Promise.all([slowState(8, 1), slowState(2, 2), slowState(2, 3)]);
    const answered: string[] = [];
    const sent = (name: string, token: string, email: string, state: unknown) =>
      send(t, token, { email, state }).then((res) => {
        expect(res.statusCode, name).toBe(200);
        answered.push(name);
      });
    // Sent one after another (each queued before the next is sent), as an agent clicking Send again would.
    const jobs: Promise<void>[] = [];
    for (const [i, state] of [...slow, sampleState].entries()) {
      jobs.push(sent(`A${i + 1}`, slowAgent.token, `slow${i + 1}@example.com`, state));
      await until(() => stats().running + stats().waiting === i + 1, `the slow agent's report ${i + 1} queued`);
    }
    // Past the reports one agent may have in flight: refused at once, not queued.
    const fifth = await send(t, slowAgent.token, { email: 'slow5@example.com', state: sampleState });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('You already have 4 reports being prepared. Send this one again when they have gone out.');
    jobs.push(sent('B1', quickAgent.token, 'quick@example.com', sampleState));
    await until(() => stats().waiting === 4, "the quick agent's report queued");
    expect(answered).toEqual([]);
    await Promise.all(jobs);
    expect(answered).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('drops a waiting render and stops a running one when their clients hang up; neither is e-mailed, and the next report goes out', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await createUserWithSession(t);
    const before = stats();
    const running = sendOverSocket(address, token, { email: 'gone.running@example.com', state: await slowState(12, 9) });
    await until(() => stats().running === 1, 'the slow report rendering');
    const waiting = sendOverSocket(address, token, { email: 'gone.waiting@example.com', state: sampleState });
    await until(() => stats().waiting === 1, 'the second report waiting behind the first');
    waiting.request.destroy();
    await until(() => stats().dropped === before.dropped + 1, 'the waiting render dropped');
    expect(stats()).toMatchObject({ running: 1, waiting: 0, stopped: before.stopped });
    running.request.destroy();
    await until(() => stats().stopped === before.stopped + 1 && stats().running === 0, 'the running render stopped');
    await Promise.all([running.answered, waiting.answered]);

    // The stopped worker thread was replaced: another agent's report renders and goes out.
    const other = await createUserWithSession(t);
    expect((await send(t, other.token, { email: 'after.hangup@example.com', state: sampleState })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    await smtp.waitForTo('after.hangup@example.com', 1);
    expect(smtp.to('gone.running@example.com')).toHaveLength(0);
    expect(smtp.to('gone.waiting@example.com')).toHaveLength(0);
  });

  it('stops a render past the time limit and says so in a 422; nothing is e-mailed', async () => {
    const limited = await createTestApp(backend, { SMTP_URL: smtp.url }, { pdfRenders: { timeLimitMs: 1, workers: 1 } });
    try {
      const { token } = await createUserWithSession(limited);
      const res = await send(limited, token, { email: 'too.slow@example.com', state: sampleState });
      expect(res.statusCode).toBe(422);
      const message = 'The report took longer than 0.001 seconds to prepare and was stopped. Remove some comparables or photos and send it again.';
      expect(res.json()).toEqual({ status_code: 422, message, data: { state: [message] } });
      expect(limited.app.ctx.pdfRenders.stats()).toMatchObject({ running: 0, waiting: 0, stopped: 1 });
      await limited.app.ctx.jobs.drain();
      expect(smtp.to('too.slow@example.com')).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
