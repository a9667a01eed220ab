import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { multipart, testBackends, type MultipartPart, type TestApp, type TestSmtp, createTestAppWithSmtp, closeAll } from './helpers';
import { CONTACT_RATE_LIMIT, DEMO_RATE_LIMIT } from '../src/modules/contact/contact.routes';

const image = (format: 'png' | 'jpeg') => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })[format]().toBuffer();

const validFields = {
  name: 'Dana Agent',
  email: 'dana@example.com',
  subject: 'Question about plans',
  description: 'Can my whole team share one subscription?',
  mobile_number: '3035550142',
};
const textParts = (fields: Record<string, string>): MultipartPart[] => Object.entries(fields).map(([name, value]) => ({ name, value }));

let ipCounter = 0;
/** Each test posts from its own address, so the per-IP rate limit only bites where a test wants it to. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe.each(testBackends())('contact and demo requests on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend)));
  afterAll(() => closeAll(t, smtp));

  const sendContact = (parts: MultipartPart[], ip = nextIp()) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/contact-us', payload, headers, remoteAddress: ip });
  };

  it('stores the message with its images and e-mails the company and the sender', async () => {
    const before = smtp.messages.length;
    const png = await image('png');
    const jpeg = await image('jpeg');
    const res = await sendContact([
      ...textParts(validFields),
      { name: 'email_attachment[]', value: png, filename: 'front.png', type: 'image/png' },
      { name: 'email_attachment[]', value: jpeg, filename: 'kitchen.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status_code).toBe(200);
    expect(body.message).toMatch(/sent/);
    expect(body.data.attachments).toBe(2);

    const [row] = await t.database.query<{ name: string; mobile_number: string }>('select name, mobile_number from contact_messages where id = $1', [body.data.id]);
    expect(row).toMatchObject({ name: 'Dana Agent', mobile_number: '3035550142' });
    const files = await t.database.query<{ storage_key: string; content_type: string }>(
      'select storage_key, content_type from contact_attachments where message_id = $1 order by id',
      [body.data.id],
    );
    expect(files.map((f) => f.content_type)).toEqual(['image/png', 'image/jpeg']);
    // Kept re-encoded, not as sent: the same picture, decoded and encoded again.
    expect(await sharp((await t.app.ctx.storage.get(files[0]!.storage_key))!).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    await t.app.ctx.jobs.drain();
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const company = await t.app.ctx.content.companyContact();
    const toCompany = mails.find((m) => m.to && JSON.stringify(m.to).includes(company.email))!;
    const toSender = mails.find((m) => JSON.stringify(m.to).includes('dana@example.com'))!;
    expect(toCompany.subject).toContain('Question about plans');
    expect(toCompany.text).toContain('Can my whole team share one subscription?');
    expect(JSON.stringify(toCompany.replyTo)).toContain('dana@example.com');
    expect(toCompany.attachments.map((a) => a.filename)).toEqual(['front.png', 'kitchen.jpg']);
    expect(toSender.subject).toMatch(/received your message/);
  });

  it('re-encodes attachments: no EXIF/GPS and no appended payload is stored or mailed', async () => {
    const before = smtp.messages.length;
    const tagged = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#48c' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'GPS 39.7392N 104.9903W secret' } })
      .toBuffer();
    const payload = Buffer.from('PK\u0003\u0004<script>alert(document.cookie)</script>');
    const res = await sendContact([...textParts(validFields), { name: 'email_attachment[]', value: Buffer.concat([tagged, payload]), filename: 'porch.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(200);
    const [file] = await t.database.query<{ storage_key: string }>('select storage_key from contact_attachments where message_id = $1', [res.json().data.id]);
    const stored = (await t.app.ctx.storage.get(file!.storage_key))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('secret')).toBe(false);
    expect(stored.includes('<script>')).toBe(false);

    await t.app.ctx.jobs.drain();
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const mailed = mails.flatMap((m) => m.attachments ?? []).filter((a) => a.filename === 'porch.jpg');
    expect(mailed).toHaveLength(1);
    expect(Buffer.from(mailed[0]!.content).equals(stored)).toBe(true);
  });

  it('an attachment that is not a decodable image is refused and nothing is stored', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await sendContact([...textParts({ ...validFields, subject: 'Broken image' }), { name: 'email_attachment[]', value: fake, filename: 'broken.jpg', type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ email_attachment: ['An image could not be read. Please attach another file.'] });
    expect(await t.database.query("select id from contact_messages where subject = 'Broken image'")).toEqual([]);
  });

  it('streams attachments to temporary files that are gone once the answer is sent, accepted or refused', async () => {
    const previous = process.env.TMPDIR;
    const scratch = await mkdtemp(path.join(tmpdir(), 'cma-contact-tmp-'));
    process.env.TMPDIR = scratch;
    try {
      const ok = await sendContact([...textParts(validFields), { name: 'email_attachment[]', value: await image('png'), filename: 'a.png', type: 'image/png' }]);
      expect(ok.statusCode).toBe(200);
      const refused = await sendContact([...textParts(validFields), { name: 'email_attachment[]', value: Buffer.from('not an image'), filename: 'b.png', type: 'image/png' }]);
      expect(refused.statusCode).toBe(422);
      // Removed right after the response is written (onResponse), so give it a moment.
      await expect.poll(() => readdir(scratch), { timeout: 2000 }).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('validates every field again with the messages of the spec', async () => {
    const res = await sendContact(textParts({ name: '   ', email: 'not-an-email', subject: '', description: '', mobile_number: '30355' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({
      name: ['Name is Required'],
      email: ['Please enter valid Email ID'],
      subject: ['Subject is Required'],
      description: ['Description is Required'],
      mobile_number: ['Please enter valid Mobile Number'],
    });
    const missing = await sendContact([{ name: 'note', value: 'nothing else' }]);
    expect(missing.json().data).toMatchObject({ email: ['Email is Required'], mobile_number: ['Number is Required'] });
    expect(await t.database.query("select id from contact_messages where name = '   '")).toEqual([]);
  });

  it('judges images by their bytes: a renamed text file is refused', async () => {
    const res = await sendContact([
      ...textParts(validFields),
      { name: 'email_attachment[]', value: Buffer.from('<script>alert(1)</script>'), filename: 'photo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.email_attachment).toEqual(['Only png, jpg and jpeg images can be attached.']);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).webp().toBuffer();
    const refusedWebp = await sendContact([...textParts(validFields), { name: 'email_attachment[]', value: webp, filename: 'a.jpg', type: 'image/jpeg' }]);
    expect(refusedWebp.statusCode).toBe(422);
  });

  it('refuses a 9th attachment and an image over 5 MB', async () => {
    const png = await image('png');
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: 'email_attachment[]', value: png, filename: `p${i}.png`, type: 'image/png' }));
    const res = await sendContact([...textParts(validFields), ...nine]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.email_attachment).toEqual(['you can upload 8 images only']);
    const eight = await sendContact([...textParts(validFields), ...nine.slice(0, 8)]);
    expect(eight.statusCode).toBe(200);
    expect(eight.json().data.attachments).toBe(8);

    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await sendContact([...textParts(validFields), { name: 'email_attachment[]', value: big, filename: 'big.png', type: 'image/png' }]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().data.email_attachment).toEqual(['Each image must be 5 MB or smaller.']);
  });

  it('rate-limits contact messages per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) expect((await sendContact(textParts(validFields), ip)).statusCode).toBe(200);
    const limited = await sendContact(textParts(validFields), ip);
    expect(limited.statusCode).toBe(429);
    expect((await sendContact(textParts(validFields), nextIp())).statusCode).toBe(200);
  });

  it('stores and e-mails a demo request, validates it and rate-limits it', async () => {
    const before = smtp.messages.length;
    const ip = nextIp();
    const demo = { name: 'Sam Broker', email: 'sam@example.com', phone: '7195550100', brokerage: 'Peak Realty', preferred_time: 'Weekday morning', message: 'Team of 6' };
    const res = await t.app.inject({ method: 'POST', url: '/api/request-demo', payload: demo, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ brokerage: string; preferred_time: string }>('select brokerage, preferred_time from demo_requests where id = $1', [res.json().data.id]);
    expect(row).toEqual({ brokerage: 'Peak Realty', preferred_time: 'Weekday morning' });
    await t.app.ctx.jobs.drain();
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.subject).join('|')).toContain('Demo request');
    expect(mails.some((m) => JSON.stringify(m.to).includes('sam@example.com'))).toBe(true);

    const bad = await t.app.inject({ method: 'POST', url: '/api/request-demo', payload: { ...demo, name: ' ', email: 'x@', phone: '12', preferred_time: 'Midnight' }, remoteAddress: ip });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data).toMatchObject({ name: ['Name is Required'], email: ['Please enter valid Email ID'], phone: ['Please enter valid Mobile Number'], preferred_time: ['Please choose a preferred time'] });

    for (let i = 2; i < DEMO_RATE_LIMIT; i++) expect((await t.app.inject({ method: 'POST', url: '/api/request-demo', payload: demo, remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/request-demo', payload: demo, remoteAddress: ip })).statusCode).toBe(429);
  });
});
