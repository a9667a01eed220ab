import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, createUserWithSession, startTestSmtp, testBackends, type TestApp, type TestSmtp } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cma-mail-pdf-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
}

describe.each(testBackends())('report sending and counting on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(backend, { SMTP_URL: smtp.url }, { now: () => new Date('2026-11-21T10:00:00Z') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it('renders the submitted state and e-mails the PDF to the client with the agent as reply-to', async () => {
    const { token } = await createUserWithSession(t, { email: 'agent.send@example.com' });
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: auth(token), payload: { email: 'Client@Example.com', state: sampleState } });
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
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: auth(token), payload: { email: 'buyer@example.com', state, message: 'Here is the analysis we discussed.' } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.replyTo?.value[0]?.address).toBe('robin@peakhomes.example');
    expect(mail!.text).toContain('Here is the analysis we discussed.');
    const text = pdfText(mail!.attachments[0]!.content);
    expect(text).toContain('Robin Vale');
    expect(text).toContain('Peak Homes Denver');
    expect(text).toContain('720-555-0199');
  });

  it('refuses a bad client e-mail, a broken state, and callers without a subscription', async () => {
    const { token } = await createUserWithSession(t);
    const badEmail = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: auth(token), payload: { email: 'not-an-email', state: sampleState } });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().data.email).toEqual(['Please enter valid Email ID']);
    const badState = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: auth(token), payload: { email: 'c@example.com', state: '[1,2]' } });
    expect(badState.statusCode).toBe(422);
    expect(badState.json().data.state).toEqual(['The report state must be a JSON object.']);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-pdf', payload: { email: 'c@example.com', state: sampleState } })).statusCode).toBe(401);
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: auth(unsubscribed.token), payload: { email: 'c@example.com', state: sampleState } })).json().status).toBe(99);
  });

  it('counts a generated report once per report id', async () => {
    const { token, userId } = await createUserWithSession(t);
    const count = (reportId: string) => t.app.inject({ method: 'POST', url: '/api/update-report-counter', headers: auth(token), payload: { report_id: reportId } });
    expect((await count('report-a')).json().data).toEqual({ report_count: 1, counted: true });
    expect((await count('report-a')).json().data).toEqual({ report_count: 1, counted: false });
    expect((await count('report-b')).json().data).toEqual({ report_count: 2, counted: true });
    const [row] = await t.database.query<{ report_count: number }>('select report_count from users where id = $1', [userId]);
    expect(Number(row!.report_count)).toBe(2);
    expect((await count('  ')).statusCode).toBe(422);
  });
});
