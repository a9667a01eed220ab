import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser, type SubscribedSession } from './support/sessions';
import { sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 18 item 6 in the real browser: /history shows each saved report's date, client, value and range, what was sent
// or shared and the views; search kept in the URL; inline rename; duplicate as a new CMA (nothing written); delete with
// the app's own dialog and undo (focus follows); open on the report step; paging; at 1280 and 768 px.

const SHOTS = screenshotDir('history');
const sample = sampleReportState();
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ELM = '1234 Elm Street, Denver, CO 80220';
const OAK = '88 Oak Court, Aurora, CO 80012';

async function save(request: APIRequestContext, session: SubscribedSession, address: string, clientName: string, reportId: string): Promise<number> {
  const state = { ...sample, clientName, selectedPropertyAddress: address, report_data: { ...(sample.report_data as object), reportId } };
  const saved = await request.post('/api/post-history', { headers: { authorization: `Bearer ${session.token}` }, data: { address, state: JSON.stringify(state) } });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()).data as { id: number }).id;
}

async function historyTotal(request: APIRequestContext, session: SubscribedSession): Promise<number> {
  const res = await request.get('/api/history', { headers: { authorization: `Bearer ${session.token}` } });
  return ((await res.json()).data as { total: number }).total;
}

const entry = (page: Page, title: string) => page.getByTestId('history-entry').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('history: an agent tells reports apart, searches, renames, duplicates, deletes with undo and opens one', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await createSubscribedSession(page.request, 'history');
  const auth = { authorization: `Bearer ${session.token}` };
  // 21 older reports fill the first page and push one to the second; the two the test works with are the newest.
  for (let n = 1; n <= 21; n++) await save(page.request, session, `${n} Filler Lane, Denver, CO 80203`, `Filler Client ${n}`, `filler-${n}`);
  await save(page.request, session, OAK, 'Sam Rivera', 'oak-1');
  const elmId = await save(page.request, session, ELM, 'Taylor & Morgan Reed', 'elm-1');

  // Elm went to the client by e-mail and as a live link the client opened on a phone.
  const sent = await page.request.post('/api/send-pdf', { headers: auth, data: { email: 'taylor@example.com', state: JSON.stringify({ ...sample, report_data: { ...(sample.report_data as object), reportId: 'elm-1' } }), history_id: elmId } });
  expect(sent.status(), await sent.text()).toBe(200);
  const links = await (await page.request.get(`/api/report-links?history_id=${elmId}`, { headers: auth })).json();
  const liveUrl = (links.data as Array<{ url: string }>)[0]!.url;
  expect((await page.request.get(new URL(liveUrl).pathname, { headers: { 'user-agent': PHONE_UA } })).status()).toBe(200);

  await useSessionInBrowser(page, session);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved reports' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved reports' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '23 saved reports.' })).toBeVisible();
  await expect(page.getByTestId('history-entry')).toHaveCount(20);

  const elm = entry(page, ELM);
  await expect(elm).toContainText('Client: Taylor & Morgan Reed');
  await expect(elm).toContainText(/Value\s*\$ [\d,]+/);
  await expect(elm).toContainText(/Likely range\s*\$ [\d,]+ – \$ [\d,]+/);
  await expect(elm).toContainText(/Sent to taylor@example\.com on \w{3} \d{1,2}, \d{4}/);
  await expect(elm.getByTestId('history-entry-links')).toHaveText(/^Shared: 1 live link · 1 view, last on /);
  await expect(elm).toContainText('Viewed');
  await expect(entry(page, OAK)).toContainText('Not sent or shared yet.');
  await page.screenshot({ path: path.join(SHOTS, '1-history-1280.png'), fullPage: false });

  // Paging: the 21st to 23rd newest are on page 2.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByTestId('history-entry')).toHaveCount(20);

  // Search by client, debounced; the URL keeps the query, so a reload shows the same list.
  const search = page.getByLabel('Search by address, client or name');
  // Typing on after the list has followed the first letters keeps the focus and every letter in the box.
  await search.pressSequentially('riv');
  await expect(page).toHaveURL(/\?q=riv$/);
  await search.pressSequentially('era');
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/\?q=rivera$/);
  await expect(search).toHaveValue('rivera');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await page.reload();
  await expect(search).toHaveValue('rivera');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expect(entry(page, OAK)).toBeVisible();
  await search.fill('no such street');
  await expect(page.getByText('No saved report matches “no such street”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(search).toBeFocused();
  await search.fill('elm street');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);

  // Rename inline: Enter saves, the address stays under the new name, focus goes back to Rename.
  await page.getByRole('button', { name: `Rename ${ELM}` }).click();
  const nameField = page.getByRole('textbox', { name: `Name for ${ELM}` });
  await expect(nameField).toBeFocused();
  await nameField.fill('Reed family – listing price');
  await nameField.press('Enter');
  const renamed = entry(page, 'Reed family – listing price');
  await expect(renamed).toContainText(ELM);
  await expect(page.getByRole('button', { name: 'Rename Reed family – listing price' })).toBeFocused();
  // Escape cancels without saving.
  await page.getByRole('button', { name: 'Rename Reed family – listing price' }).click();
  await page.getByRole('textbox', { name: `Name for ${ELM}` }).fill('Not kept');
  await page.getByRole('textbox', { name: `Name for ${ELM}` }).press('Escape');
  await expect(renamed).toBeVisible();
  await search.fill('');
  await expect(page).toHaveURL(/\/history$/);

  // Delete: the app's dialog, the entry leaves, focus goes to the next entry; Undo brings it back and focuses it.
  await page.getByRole('button', { name: 'Delete Reed family – listing price' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this saved report?' });
  await expect(dialog).toContainText('its live links stop opening');
  await page.screenshot({ path: path.join(SHOTS, '2-delete-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  // The keyboard lands on Undo: the entry it was on is gone.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  expect(await historyTotal(page.request, session)).toBe(22);
  expect((await page.request.get(new URL(liveUrl).pathname, { headers: { 'user-agent': PHONE_UA } })).status()).toBe(404);
  const undo = page.getByRole('status').filter({ hasText: 'Deleted “Reed family – listing price”.' });
  await expect(undo).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, '3-undo-1280.png') });
  await page.keyboard.press('Enter');
  await expect(renamed).toBeFocused();
  expect(await historyTotal(page.request, session)).toBe(23);

  // Duplicate: a new CMA on /confirm-subject, nothing written until the agent saves.
  await page.getByRole('button', { name: `Duplicate ${OAK}` }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  expect(await historyTotal(page.request, session)).toBe(23);
  const storedReport = () => page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:root') ?? '{}').cmaWorkflow ?? '{}') as { report_data?: { reportId?: string }; historyEntryId?: number | null; clientName?: string });
  await expect.poll(async () => (await storedReport()).clientName).toBe('Sam Rivera');
  const stored = await storedReport();
  expect(stored.report_data?.reportId).toBeTruthy();
  expect(stored.report_data?.reportId).not.toBe('oak-1');
  expect(stored.historyEntryId ?? null).toBeNull();
  // Saving the copy adds an entry; the original stays as it was.
  await page.goto('/report');
  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByText('Report saved to history.')).toBeVisible();
  expect(await historyTotal(page.request, session)).toBe(24);

  // Open: the saved report on the report step.
  await page.goto('/history');
  await page.getByRole('button', { name: 'Open Reed family – listing price' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('region', { name: 'Share a live link' }).getByTestId('share-link-meta')).toContainText('1 view');

  // A tablet: one column of cards, nothing wider than the screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/history');
  await expect(page.getByTestId('history-entry')).toHaveCount(20);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.screenshot({ path: path.join(SHOTS, '4-history-768.png'), fullPage: false });

  // Delete with the keyboard and let the undo pass: when the notice closes, focus moves on to the next entry.
  const ids = await page.getByTestId('history-entry').evaluateAll((cards) => cards.map((card) => card.id));
  const nextId = ids[ids.indexOf((await entry(page, 'Reed family – listing price').getAttribute('id'))!) + 1]!;
  await page.getByRole('button', { name: 'Delete Reed family – listing price' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator(`#${nextId}`)).toBeFocused();
  expect(await historyTotal(page.request, session)).toBe(23);
});

test('history: a new agent sees what to do; a search the server refuses says why', async ({ page }) => {
  const session = await createSubscribedSession(page.request, 'history-empty');
  await useSessionInBrowser(page, session);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/history');
  await expect(page.getByText('No saved reports yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a CMA' })).toHaveAttribute('href', '/home');
  await page.screenshot({ path: path.join(SHOTS, '5-empty-768.png') });

  // A search the server refuses (over 200 characters, typed into the URL) says why; a new search recovers.
  await page.goto(`/history?q=${'x'.repeat(201)}`);
  await expect(page.getByRole('alert')).toContainText('Search for at most 200 characters.');
  await page.getByLabel('Search by address, client or name').fill('elm');
  await expect(page.getByText('No saved report matches “elm”.')).toBeVisible();
});
