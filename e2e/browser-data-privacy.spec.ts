import path from 'node:path';
import { randomTestCardNumber } from '@cma/contracts';
import { expect, test, type Page } from '@playwright/test';
import { createSubscribedSession, registerInBrowser, uniqueEmail, signInBrowserOnce } from './support/sessions';

// Issue 16 (MLS rules): what the browser keeps of a CMA — the store, the listing pool, caches — belongs to the agent
// who signed in. Agent A imports a file and signs out; agent B signs up in the same browser and sees none of it.

/** Every text the browser keeps for this origin: localStorage and every IndexedDB record (or IndexedDB's alone). */
async function everythingKeptInTheBrowser(page: Page, only?: 'indexedDB'): Promise<string> {
  return page.evaluate(async (indexedDbOnly) => {
    const parts: string[] = indexedDbOnly ? [] : [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    return parts.join('\n');
  }, only === 'indexedDB');
}

test("agent A imports a file and signs out; agent B signs up in the same browser and sees none of A's listings", async ({ page }) => {
  test.setTimeout(90_000);
  const agentA = await createSubscribedSession(page.request, 'agent-a');
  await signInBrowserOnce(page, agentA);

  await page.goto('/home');
  await page.getByLabel('Client name').fill('Client Of Agent A');
  await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
  await expect(page.getByText('30 listings loaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Choose the subject →' }).click();
  // "3652 E Arizona Ave" is row 1 of the sample (listing 4012300).
  await expect(page.getByRole('list', { name: 'Loaded listings' }).getByText(/3652 E Arizona Ave/)).toBeVisible();
  // The whole listing pool is kept in IndexedDB (issue 16 item 3): that copy must go with the session too.
  await expect.poll(() => everythingKeptInTheBrowser(page, 'indexedDB')).toContain('4012300');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('User Logged out Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => everythingKeptInTheBrowser(page)).not.toContain('4012300');
  expect(await everythingKeptInTheBrowser(page)).not.toContain('Client Of Agent A');

  // Agent B signs up through the screens: plan → register → test card → /home.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: 'Choose the Monthly plan' }).click();
  await registerInBrowser(page, 'Blake Second', uniqueEmail('agent-b'));
  await expect(page).toHaveURL(/\/card-details$/);
  await page.getByLabel('Card number').fill(randomTestCardNumber()); // one free trial per card number
  await page.getByLabel('Expiry (MM/YY)').fill(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await expect(page.getByRole('heading', { name: 'Start a CMA' })).toBeVisible();
  await expect(page.getByLabel('Current CMA')).toHaveCount(0);
  await expect(page.getByText(/listings? loaded/)).toHaveCount(0);
  await expect(page.getByLabel('Client name')).toHaveValue('');
  await page.goto('/confirm-subject');
  await expect(page.getByText(/No listings loaded/)).toBeVisible();
  await expect(page.getByText(/Arizona Ave/)).toHaveCount(0);
  // After a reload too: nothing of A's was kept anywhere for the store to bring back.
  await page.reload();
  await expect(page.getByText(/No listings loaded/)).toBeVisible();
  const kept = await everythingKeptInTheBrowser(page);
  expect(kept).not.toContain('4012300');
  expect(kept).not.toContain('Client Of Agent A');
});

test('a session the server no longer knows (401) drops the listing pool kept in IndexedDB too', async ({ page }) => {
  test.setTimeout(90_000);
  const agent = await createSubscribedSession(page.request, 'agent-401');
  await signInBrowserOnce(page, agent);
  await page.goto('/home');
  await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
  await expect(page.getByLabel('Current CMA')).toContainText('30 listings loaded');
  await expect.poll(() => everythingKeptInTheBrowser(page, 'indexedDB')).toContain('4012300');

  // The session ends elsewhere (signed out in another browser): the next call this page makes answers 401.
  expect((await page.request.get('/api/logout', { headers: { authorization: `Bearer ${agent.token}` } })).status()).toBe(200);
  await page.goto('/history');
  await expect.poll(() => everythingKeptInTheBrowser(page, 'indexedDB'), { timeout: 30_000 }).not.toContain('4012300');
  expect(await everythingKeptInTheBrowser(page)).not.toContain('4012300');
});
