import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { DESKTOP_AND_TABLET, openSavedReportOnReportPage, sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 29 (one print path) and issue 27's words for the client, as an agent meets them: /report sends the saved report
// by its id with progress shown; the client's e-mail opens with the value and range; the live page shows the agent's
// headshot and bio and no empty photo boxes; review notes stay off unless turned on; /report passes WCAG 2 A/AA.

const SHOTS = screenshotDir('one-print-path');
const sample = sampleReportState();
const address = sample.selectedPropertyAddress as string;

/** The newest e-mail the server wrote to its outbox after `since` (the e2e server has no SMTP). */
function newestMail(since: number): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = readdirSync(outbox).map((name) => path.join(outbox, name)).filter((file) => statSync(file).mtimeMs >= since);
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ? readFileSync(files[0], 'utf8') : null;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const viewport of DESKTOP_AND_TABLET) {
    await page.setViewportSize(viewport);
    // Down the page and back, so lazily loaded photos are in the picture.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Every image loaded; not 'networkidle': /report's PDF preview frame (Chromium's PDF viewer) can keep a request open.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
}

test('send by the saved report with progress; the e-mail leads with the value; the live page shows the agent; /report is accessible', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP_AND_TABLET[0]);
  const session = await createSubscribedSession(request, 'print-path');
  const auth = { authorization: `Bearer ${session.token}` };
  // The agent's brand kit and headshot: the bio page starts ticked, the live page shows both.
  const headshot = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#6a8caf' } }).jpeg().toBuffer();
  expect((await request.post('/api/upload-profile-pic', { headers: auth, multipart: { profile_pic: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: headshot } } })).status()).toBe(200);
  expect((await request.post('/api/brand-kit', { headers: auth, multipart: { tagline: 'Hale homes, sold with care', bio: 'Casey has helped 200 Denver families buy and sell since 2012.' } })).status()).toBe(200);
  const state = { ...sample, report_data: { ...(sample.report_data as object), reportId: 'print-path-1' } };
  expect((await request.post('/api/post-history', { headers: auth, data: { address, state: JSON.stringify(state) } })).status()).toBe(200);
  await useSessionInBrowser(page, session);

  const preview = await openSavedReportOnReportPage(page, address);
  await expect(preview).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });

  // Review notes are the agent's: off until turned on. The bio page starts ticked (written in the brand kit).
  const notes = page.getByRole('region', { name: 'Review notes' });
  await expect(notes.getByRole('checkbox', { name: 'Print my review notes for the client' })).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Pages', exact: true }).getByRole('checkbox', { name: 'About your agent', exact: true })).toBeChecked();

  for (const viewport of DESKTOP_AND_TABLET) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page, `/report at ${viewport.width} px`);
  }
  await shoot(page, 'report');
  await page.setViewportSize(DESKTOP_AND_TABLET[0]);

  // Send: saved first, then the server prints the saved report (history_id, no state), the steps shown meanwhile.
  await page.getByLabel('Client e-mail').fill('taylor@example.com');
  await page.getByLabel('Personal message (optional)').fill('Taylor, here is the analysis we discussed.');
  const since = Date.now() - 1000;
  const sendRequest = page.waitForRequest((r) => r.url().endsWith('/api/send-pdf') && r.method() === 'POST');
  const started = Date.now();
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByRole('status').filter({ hasText: /step \d of 2/ })).toBeVisible();
  const body = (await sendRequest).postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['copy', 'email', 'explain_weights', 'history_id', 'message']);
  await expect(page.getByText('The report has been sent to taylor@example.com.')).toBeVisible({ timeout: 30_000 });
  test.info().annotations.push({ type: 'send, click to confirmation', description: `${Date.now() - started} ms` });

  // The client's e-mail: one greeting, then the value and the range in one line, then the agent's message.
  await expect.poll(() => newestMail(since), { timeout: 20_000 }).not.toBeNull();
  const mail = newestMail(since)!;
  const text = mail.split(/\r?\n\r?\n/).find((part) => part.includes('Hello'))!;
  const lines = text.replace(/=\r?\n/g, '').split(/\r?\n/).filter(Boolean);
  expect(lines.filter((line) => /^(Hello|Hi|Dear)\b/.test(line))).toHaveLength(1);
  expect(mail.replace(/=\r?\n/g, '')).toMatch(/Hello Taylor &(amp;)? Morgan Reed,\s+Suggested list price for 1234 Elm Street: \$ [\d,]+, in a range of \$ [\d,]+ =E2=80=93 \$ [\d,]+\.\s+Taylor, here is the analysis we discussed\./);
  expect(mail).toContain('application/pdf');

  // The live page the e-mail links to: the agent's headshot, tagline and bio; no empty photo box; no review notes.
  const links = (await (await request.get(`/api/report-links?history_id=${body.history_id}`, { headers: auth })).json()).data as Array<{ url: string }>;
  const live = await page.context().newPage();
  await live.goto(new URL(links[0]!.url).pathname);
  await expect(live.getByRole('heading', { name: 'Your agent' })).toBeVisible();
  await expect(live.getByText('Casey has helped 200 Denver families buy and sell since 2012.')).toBeVisible();
  await expect(live.getByText('Hale homes, sold with care')).toBeVisible();
  await expect(live.locator('img.agent__photo')).toBeVisible();
  await expect(live.getByText('Photo Not Available')).toHaveCount(0);
  await expect(live.getByText('net adjustment 19.5% is above 15%')).toHaveCount(0);
  await expect(live.getByText(/^Based on 6 adjusted comparable sales$/)).toBeVisible();
  await shoot(live, 'live');
  await live.close();
});
