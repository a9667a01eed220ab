import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { customPageFileResponse, customPageResponse, customPagesResponse } from '@cma/contracts';
import { createUserWithSession, multipart, testBackends, type TestApp, type TestSmtp, pdfText, createTestAppWithSmtp, closeAll, ONE_PDF_WORKER, bearer } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');

async function pdfWith(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${title} page ${i}`, { x: 72, y: 760, size: 24, font });
  return Buffer.from(await doc.save());
}

describe.each(testBackends())('uploaded report pages on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, {}, { now: () => new Date('2026-11-21T10:00:00Z'), pdfRenders: ONE_PDF_WORKER })));
  afterAll(() => closeAll(t, smtp));

  const upload = (token: string, bytes: Buffer, filename = 'plan.pdf', extra: { name: string; value: string }[] = []) => {
    const body = multipart([...extra, { name: 'pdf', value: bytes, filename, type: 'application/pdf' }]);
    return t.app.inject({ method: 'POST', url: '/api/custom-pages', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };

  it('keeps uploads per agent, at most 5 pages in all, and deletes them', async () => {
    const { token } = await createUserWithSession(t);
    const first = await upload(token, await pdfWith('Marketing plan', 3), 'Marketing Plan.pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect(customPageResponse.parse(first.json()).data).toMatchObject({ name: 'Marketing Plan', page_count: 3 });
    const named = await upload(token, await pdfWith('Quote', 2), 'x.pdf', [{ name: 'name', value: 'What clients say' }]);
    expect(named.json().data).toMatchObject({ name: 'What clients say', page_count: 2 });
    const over = await upload(token, await pdfWith('More', 1));
    expect(over.statusCode).toBe(422);
    expect(over.json().data).toEqual({ pdf: ['You can keep at most 5 uploaded pages and have 5; this PDF has 1. Delete an uploaded page first.'] });

    const list = customPagesResponse.parse((await t.app.inject({ method: 'GET', url: '/api/custom-pages', headers: bearer(token) })).json()).data;
    expect(list.map((p) => p.name).sort()).toEqual(['Marketing Plan', 'What clients say']);
    // Another agent sees none of them and cannot read or delete them.
    const other = await createUserWithSession(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-pages', headers: bearer(other.token) })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/custom-pages/${list[0]!.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/custom-pages/${list[0]!.id}`, headers: bearer(other.token) })).statusCode).toBe(404);

    const planId = list.find((p) => p.name === 'Marketing Plan')!.id;
    const file = customPageFileResponse.parse((await t.app.inject({ method: 'GET', url: `/api/custom-pages/${planId}`, headers: bearer(token) })).json()).data;
    expect(pdfText(Buffer.from(file.data_url.split(',')[1]!, 'base64'))).toContain('Marketing plan page 3');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/custom-pages/${planId}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await upload(token, await pdfWith('More', 1))).statusCode).toBe(200);
  });

  it('judges an upload by its content: not a PDF, a broken PDF, too many pages and too large are 422s on the pdf field', async () => {
    const { token } = await createUserWithSession(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(token, png, 'plan.pdf')).json()).toMatchObject({ status_code: 422, data: { pdf: ['The file is not a PDF.'] } });
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    const brokenRes = await upload(token, broken);
    expect(brokenRes.body).toMatch(/could not be read/);
    expect((await upload(token, await pdfWith('Long', 6))).json().data).toEqual({ pdf: ['The PDF has 6 pages; a report can carry at most 5 uploaded pages.'] });
    const big = Buffer.concat([await pdfWith('Big', 1), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    expect((await upload(token, big)).json().data).toEqual({ pdf: ['The PDF must be at most 5 MB.'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/custom-pages', headers: bearer(token) })).json().data).toEqual([]);
  });

  it('rewrites the upload page by page: a script in the file does not survive', async () => {
    const { token } = await createUserWithSession(t);
    const doc = await PDFDocument.load(await pdfWith('Scripted', 1));
    doc.addJavaScript('hello', 'app.alert("hi")');
    const res = await upload(token, Buffer.from(await doc.save()));
    expect(res.statusCode).toBe(200);
    const file = (await t.app.inject({ method: 'GET', url: `/api/custom-pages/${res.json().data.id}`, headers: bearer(token) })).json().data;
    const stored = Buffer.from(file.data_url.split(',')[1]!, 'base64');
    expect(stored.toString('latin1')).not.toContain('app.alert');
    expect(pdfText(stored)).toContain('Scripted page 1');
  });

  it("prints the report's uploaded pages where the agent placed them in the e-mailed PDF; another agent's page id prints nothing", async () => {
    const { token } = await createUserWithSession(t, { email: 'agent.custom@example.com' });
    const plan = (await upload(token, await pdfWith('Marketing plan', 2))).json().data;
    const other = await createUserWithSession(t);
    const foreign = (await upload(other.token, await pdfWith('Someone else', 1))).json().data;
    const state = {
      ...JSON.parse(sampleState),
      report_data: {
        reportId: 'custom-1',
        customPages: [{ id: plan.id }, { id: foreign.id }],
        pages: [{ id: 'cover', on: true }, { id: `custom:${plan.id}`, on: true }, { id: `custom:${foreign.id}`, on: true }, { id: 'reconciliation', on: true }, { id: 'notes', on: true }],
      },
    };
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'client@example.com', state } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const text = pdfText(mail!.attachments.find((a) => a.contentType === 'application/pdf')!.content);
    expect(text.indexOf('Marketing plan page 1')).toBeGreaterThan(-1);
    expect(text.indexOf('Marketing plan page 2')).toBeLessThan(text.indexOf('Reconciliation'));
    expect(text).not.toContain('Someone else');
  });
});
