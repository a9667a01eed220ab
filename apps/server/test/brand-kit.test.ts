import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { brandKitResponse } from '@cma/contracts';
import { createUserWithSession, multipart, testBackends, type TestApp, type TestSmtp, createTestAppWithSmtp, closeAll, ONE_PDF_WORKER, bearer } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');

/** Runs a poppler tool on the PDF: its text (pdftotext) or its image list (pdfimages -list). */
function poppler(tool: 'pdftotext' | 'pdfimages', pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cma-brand-pdf-'));
  writeFileSync(path.join(dir, 'r.pdf'), pdf);
  return execFileSync(tool, tool === 'pdftotext' ? ['-layout', path.join(dir, 'r.pdf'), '-'] : ['-list', path.join(dir, 'r.pdf')], { encoding: 'utf8' });
}

describe.each(testBackends())('brand kit on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, {}, { now: () => new Date('2026-11-21T10:00:00Z'), pdfRenders: ONE_PDF_WORKER })));
  afterAll(() => closeAll(t, smtp));

  const saveKit = (token: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/brand-kit', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };

  it('starts empty, saves the fields given and keeps the others, re-encodes the brokerage logo and removes it on request', async () => {
    const { token } = await createUserWithSession(t);
    const empty = await t.app.inject({ method: 'GET', url: '/api/brand-kit', headers: bearer(token) });
    expect(brandKitResponse.parse(empty.json()).data).toEqual({ brand_colour: null, tagline: '', bio: '', cover_letter_template: '', brokerage_logo: null, default_pages: null });

    // A JPEG with EXIF (camera, place): the stored copy keeps the picture and drops the metadata.
    const jpeg = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#224466' } }).jpeg().withMetadata({ exif: { IFD0: { Make: 'SecretCam' } } }).toBuffer();
    const saved = await saveKit(token, [
      { name: 'brand_colour', value: '#7A1F5C' },
      { name: 'tagline', value: '  Homes sold with care  ' },
      { name: 'bio', value: 'Twelve years selling homes in Denver.' },
      { name: 'brokerage_logo', value: jpeg, filename: 'brokerage.jpg', type: 'image/jpeg' },
    ]);
    expect(saved.statusCode).toBe(200);
    const kit = brandKitResponse.parse(saved.json()).data;
    expect(kit).toMatchObject({ brand_colour: '#7a1f5c', tagline: 'Homes sold with care', bio: 'Twelve years selling homes in Denver.', cover_letter_template: '' });
    const logo = Buffer.from(kit.brokerage_logo!.split(',')[1]!, 'base64');
    const meta = await sharp(logo).metadata();
    expect(meta.width).toBeLessThanOrEqual(800);
    expect(meta.exif).toBeUndefined();

    // Only the cover letter this time: everything else stays.
    const letter = await saveKit(token, [{ name: 'cover_letter_template', value: 'Dear {client}, here is {address}. {agent}' }]);
    expect(letter.json().data).toMatchObject({ brand_colour: '#7a1f5c', tagline: 'Homes sold with care', cover_letter_template: 'Dear {client}, here is {address}. {agent}' });
    expect(letter.json().data.brokerage_logo).toBe(kit.brokerage_logo);

    const removed = await saveKit(token, [{ name: 'remove_brokerage_logo', value: '1' }, { name: 'brand_colour', value: '' }]);
    expect(removed.json().data).toMatchObject({ brokerage_logo: null, brand_colour: null, tagline: 'Homes sold with care' });
  });

  it('refuses a bad colour, an over-long bio and a logo that is not a picture with 422s naming the field, and keeps what was stored', async () => {
    const { token } = await createUserWithSession(t);
    await saveKit(token, [{ name: 'tagline', value: 'Kept' }]);
    const colour = await saveKit(token, [{ name: 'brand_colour', value: 'red' }, { name: 'tagline', value: 'Changed' }]);
    expect(colour.statusCode).toBe(422);
    expect(colour.json().data).toEqual({ brand_colour: ['The brand colour must be a colour such as #0070c0.'] });
    const bio = await saveKit(token, [{ name: 'bio', value: 'x'.repeat(1501) }]);
    expect(bio.statusCode).toBe(422);
    expect(bio.json().data.bio).toEqual(['Bio must be at most 1500 characters.']);
    const notImage = await saveKit(token, [{ name: 'brokerage_logo', value: Buffer.from('%PDF-1.7 not a picture'), filename: 'logo.png', type: 'image/png' }]);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().data.brokerage_logo).toEqual(['The image must be a PNG, JPEG or WebP file.']);
    const kit = await t.app.inject({ method: 'GET', url: '/api/brand-kit', headers: bearer(token) });
    expect(kit.json().data).toMatchObject({ tagline: 'Kept', brokerage_logo: null });
  });

  it('saves the default page choice: unknown or repeated pages and the disclosures switched off are 422s naming the line', async () => {
    const { token } = await createUserWithSession(t);
    const put = (pages: unknown) => t.app.inject({ method: 'PUT', url: '/api/report-default-pages', headers: bearer(token), payload: { pages } });
    const unknown = await put([{ id: 'cover', on: true }, { id: 'brochure', on: true }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().data).toEqual({ 'pages.1.id': ["There is no page 'brochure'."] });
    const notes = await put([{ id: 'notes', on: false }]);
    expect(notes.json().data).toEqual({ 'pages.0.on': ['Notes and disclosures carries the legal disclosures and is always printed.'] });
    const twice = await put([{ id: 'bio', on: true }, { id: 'bio', on: false }]);
    expect(twice.json().data).toEqual({ 'pages.1.id': ["The page 'bio' is listed twice."] });

    const ok = await put([{ id: 'bio', on: true }, { id: 'cover', on: true }, { id: 'photos', on: false }]);
    expect(ok.statusCode).toBe(200);
    const pages = brandKitResponse.parse(ok.json()).data.default_pages!;
    // Saved in the order given, every page the list did not name back at its default place.
    expect(pages.filter((p) => ['bio', 'cover', 'photos'].includes(p.id))).toEqual([{ id: 'bio', on: true }, { id: 'cover', on: true }, { id: 'photos', on: false }]);
    expect(pages.map((p) => p.id).slice(0, 3)).toEqual(['bio', 'cover', 'cover-letter']);
    expect(pages.find((p) => p.id === 'notes')).toEqual({ id: 'notes', on: true });
    const read = await t.app.inject({ method: 'GET', url: '/api/brand-kit', headers: bearer(token) });
    expect(read.json().data.default_pages).toEqual(pages);
  });

  it("prints the brand kit in the e-mailed PDF: headshot and licence on the cover, the profile's colour, cover letter template, bio and default pages", async () => {
    const { token, userId } = await createUserWithSession(t, { email: 'agent.kit@example.com' });
    await t.database.query("insert into business_details (user_id, agent_name, license_number) values ($1, 'Robin Vale', 'FA.100012345')", [userId]);
    const headshot = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#aa5533' } }).png().toBuffer();
    const picture = multipart([{ name: 'profile_pic', value: headshot, filename: 'me.png', type: 'image/png' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload-profile-pic', headers: { ...bearer(token), ...picture.headers }, payload: picture.payload })).statusCode).toBe(200);
    await saveKit(token, [
      { name: 'brand_colour', value: '#1f7a3c' },
      { name: 'bio', value: 'Robin has sold homes in Park Hill since 2014.' },
      { name: 'cover_letter_template', value: 'Dear {client},\n\nEnclosed is the analysis for {address}.\n\n{agent}' },
    ]);
    await t.app.inject({ method: 'PUT', url: '/api/report-default-pages', headers: bearer(token), payload: { pages: [{ id: 'cover', on: true }, { id: 'cover-letter', on: true }, { id: 'bio', on: true }] } });

    // A report without its own colour or page choice: the profile's apply.
    const state = { ...JSON.parse(sampleState), report_data: { reportId: 'kit-1' } };
    const preview = await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload: { email: 'client@example.com', state } });
    expect(preview.json().data.html).toContain('background:#1f7a3c');
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(token), payload: { email: 'client@example.com', state } });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!.content;
    const text = poppler('pdftotext', pdf);
    expect(text).toContain('FA.100012345');
    expect(text).toContain('Enclosed is the analysis for 1234 Elm Street, Denver, CO 80220.');
    expect(text).toContain('Robin has sold homes in Park Hill since 2014.');
    // The cover letter comes right after the cover, the bio after it (the agent's default order).
    expect(text.indexOf('Enclosed is the analysis')).toBeLessThan(text.indexOf('Robin has sold homes'));
    expect(text.indexOf('Robin has sold homes')).toBeLessThan(text.indexOf('not a licensed appraisal'));
    // The headshot is embedded: a 300×300 picture (the sample state has no photos of that size).
    expect(poppler('pdfimages', pdf)).toMatch(/\s300\s+300\s/);

    // A report whose own page choice and colour were picked keeps them.
    const own = { ...state, pdfColor: '#0a0a8a', report_data: { reportId: 'kit-2', ownColour: true, pages: [{ id: 'cover', on: true }, { id: 'bio', on: false }, { id: 'cover-letter', on: false }] } };
    const ownPreview = await t.app.inject({ method: 'POST', url: '/api/send-pdf/preview', headers: bearer(token), payload: { email: 'client@example.com', state: own } });
    expect(ownPreview.json().data.html).toContain('background:#0a0a8a');
  });
});
