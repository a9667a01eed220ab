import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { buildReportInput, headlineOf } from '@cma/report';
import { bearer, closeAll, createTestAppWithSmtp, createUserWithSession, multipart, pdfText, testBackends, ONE_PDF_WORKER, type TestApp, type TestSmtp } from './helpers';

// Issue 29 item 4 (every server print from the saved report), item 6 (what the client reads first) and issue 30 items
// 4 and 7 (length caps checked on save, send and share; the sender's name from the profile).

const sample = JSON.parse(readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8')) as Record<string, unknown> & { report_data: Record<string, unknown> };
/** The sample as the browser saves it now: no photo or logo inside the state (they are kept on the server). */
const savedByBrowser = (reportId: string) => ({
  ...sample,
  base64Images: [],
  businessImages: [],
  comaparables: (sample.comaparables as Record<string, unknown>[]).map((c) => ({ ...c, propertyImages: [] })),
  report_data: { ...sample.report_data, reportId },
});
const SUBJECT_UUID = (sample.selectedPropertydata as { uuid: string }).uuid;
const imagesIn = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;

describe.each(testBackends())('sending the saved report on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, {}, { now: () => new Date('2026-11-21T10:00:00Z'), pdfRenders: ONE_PDF_WORKER })));
  afterAll(() => closeAll(t, smtp));

  const save = async (token: string, state: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(token), payload: { address: '1234 Elm Street', state: JSON.stringify(state) } });
    return res;
  };
  const send = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload });
  const lastMail = async (before: number) => {
    await t.app.ctx.jobs.drain();
    return (await smtp.waitFor(before + 1)).slice(before)[0]!;
  };

  it('POST /api/send-pdf with only history_id, email, message and copy prints the saved report with its stored photos; the e-mail opens with the value and range', async () => {
    const { token } = await createUserWithSession(t, { email: 'saved.sender@example.com' });
    const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#8a6' } }).jpeg().toBuffer();
    const { payload, headers } = multipart([{ name: 'property_id', value: SUBJECT_UUID }, { name: 'images[]', value: photo, filename: 'front.jpg' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/store-property-images', payload, headers: { ...headers, ...bearer(token) } })).statusCode).toBe(200);
    const saved = await save(token, savedByBrowser('saved-send-1'));
    expect(saved.statusCode).toBe(200);
    const historyId = saved.json().data.id as number;

    const before = smtp.messages.length;
    const res = await send(token, { history_id: historyId, email: 'taylor@example.com', message: 'Taylor, here is the analysis we discussed.', copy: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ history_id: historyId, email: 'taylor@example.com', filename: '1234-Elm-Street-CMA.pdf' });
    const mail = await lastMail(before);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!.content;
    // The subject's photo came from storage (the saved state has none), on the cover and the subject page.
    expect(imagesIn(pdf)).toBeGreaterThan(0);
    const input = buildReportInput(savedByBrowser('saved-send-1'));
    const headline = headlineOf(input);
    expect(pdfText(pdf)).toContain(headline.rangeText);

    // One greeting, then the value and range in one line, then the agent's message, then the link.
    const lines = (mail.text ?? '').split('\n').filter(Boolean);
    expect(lines.filter((l) => /^(Hello|Hi|Dear)\b/.test(l))).toHaveLength(1);
    const greeting = lines.findIndex((l) => l.startsWith('Hello'));
    expect(lines[greeting + 1]).toBe(headline.summary);
    expect(lines[greeting + 1]).toContain(headline.valueText);
    expect(lines[greeting + 1]).toContain(headline.rangeText);
    expect(lines[greeting + 2]).toBe('Taylor, here is the analysis we discussed.');
    expect(mail.text).toContain(`View your report online: ${res.json().data.link_url}`);
    expect(mail.text).not.toContain('How the value was reached');
    // `copy` (the contract's name) puts the agent's copy on the record, as copy_to_agent did.
    const [sendRow] = await t.database.query<{ copy_to_agent: boolean }>('select copy_to_agent from report_sends where history_id = $1', [historyId]);
    expect(sendRow!.copy_to_agent).toBe(true);
  });

  it("keeps one greeting when the agent's message starts with its own: the agent's, then the value line, then the rest", async () => {
    const { token } = await createUserWithSession(t);
    const historyId = (await save(token, savedByBrowser('greeting-1'))).json().data.id as number;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload: { history_id: historyId, email: 'c@example.com', message: 'Hi Taylor and Morgan,\nhere is the analysis.\n\nCall me any time.' } });
    const lines = (res.json().data.text as string).split('\n').filter(Boolean);
    expect(lines.filter((l) => /^(Hello|Hi|Dear)\b/.test(l))).toEqual(['Hi Taylor and Morgan,']);
    const at = lines.indexOf('Hi Taylor and Morgan,');
    expect(lines[at + 1]).toBe(headlineOf(buildReportInput(savedByBrowser('greeting-1'))).summary);
    expect(lines.slice(at + 2, at + 4)).toEqual(['here is the analysis.', 'Call me any time.']);
  });

  it('adds how the value was weighed only when the agent asks for it', async () => {
    const { token } = await createUserWithSession(t);
    const historyId = (await save(token, savedByBrowser('weights-1'))).json().data.id as number;
    const preview = async (explain: boolean) => (await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload: { history_id: historyId, email: 'c@example.com', explain_weights: explain } })).json().data as { text: string };
    expect((await preview(false)).text).not.toContain('How the value was reached');
    const explained = (await preview(true)).text;
    expect(explained).toMatch(/How the value was reached: Comparables that needed fewer adjustments .* The comparables indicate \$ ?[\d,]+\. Comparable 1, 1180 Grape Street, adjusted to/);
    for (const comp of sample.comaparables as { 'Listing Id': string }[]) expect(explained).not.toContain(comp['Listing Id']);
  });

  it('another agent, a deleted entry or neither history_id nor state: refused without rendering', async () => {
    const owner = await createUserWithSession(t);
    const other = await createUserWithSession(t);
    const historyId = (await save(owner.token, savedByBrowser('owned-1'))).json().data.id as number;
    const before = t.app.ctx.pdfRenders.stats();
    expect((await send(other.token, { history_id: historyId, email: 'c@example.com' })).statusCode).toBe(404);
    const neither = await send(owner.token, { email: 'c@example.com' });
    expect(neither.statusCode).toBe(422);
    expect(Object.keys(neither.json().data)).toEqual(['history_id']);
    expect(t.app.ctx.pdfRenders.stats()).toEqual(before);
  });

  it('mail from the service address carries the profile name, never a name from a posted state (issue 30 item 7)', async () => {
    const { token, userId } = await createUserWithSession(t);
    await t.database.query("update users set name = 'Robin Vale' where id = $1", [userId]);
    const forged = { ...savedByBrowser('forged-1'), report_data: { ...sample.report_data, reportId: 'forged-1', agentName: 'PayPal Security Team' } };
    const before = smtp.messages.length;
    const res = await send(token, { email: 'victim@example.com', state: forged });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(before);
    expect(mail.from?.value[0]).toEqual({ name: 'Robin Vale via CMA Studio', address: 'no-reply@cmastudio.app' });
    expect(mail.text).not.toContain('PayPal');
    const preview = await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload: { email: 'victim@example.com', state: forged } });
    expect(preview.json().data.from).toBe('"Robin Vale via CMA Studio" <no-reply@cmastudio.app>');
  });

  describe('a 2,000,000-character client name (issue 30 item 4)', () => {
    const longName = 'x'.repeat(2_000_000);
    const expected = { 'state.clientName': ['The client name can be at most 200 characters.'] };

    it('is refused on save with the field named', async () => {
      const { token } = await createUserWithSession(t);
      const res = await save(token, { ...savedByBrowser('long-1'), clientName: longName });
      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual(expected);
    });

    it('is refused by send-pdf before any render, posted or saved before the caps', async () => {
      const { token, userId } = await createUserWithSession(t);
      const before = t.app.ctx.pdfRenders.stats();
      const posted = await send(token, { email: 'c@example.com', state: { ...savedByBrowser('long-2'), clientName: longName } });
      expect(posted.statusCode).toBe(422);
      expect(posted.json().data).toEqual(expected);
      // A report saved before the caps existed: its send is refused too, and so is sharing it.
      const [row] = await t.database.query<{ id: number }>(
        "insert into report_history (user_id, report_id, address, state) values ($1, 'long-3', '1234 Elm Street', $2) returning id",
        [userId, JSON.stringify({ ...savedByBrowser('long-3'), clientName: longName })],
      );
      const bySaved = await send(token, { email: 'c@example.com', history_id: Number(row!.id) });
      expect(bySaved.statusCode).toBe(422);
      expect(bySaved.json().data).toEqual(expected);
      expect(t.app.ctx.pdfRenders.stats()).toEqual(before);
      const shared = await t.app.inject({ method: 'POST', url: '/api/report-links', headers: bearer(token), payload: { history_id: Number(row!.id) } });
      expect(shared.statusCode).toBe(422);
      expect(shared.json().data).toEqual(expected);
    });
  });
});
