import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_PAGE_DATA_ELEMENT_ID, ENTRY_PAGE_DATA_OUTLET as DATA_OUTLET, ENTRY_PAGE_HEAD_OUTLET as HEAD_OUTLET, ENTRY_PAGE_OUTLET as PAGE_OUTLET, ENTRY_PAGES } from '@cma/contracts';
import { ENTRY_PAGE_TTL_MS } from '../src/modules/entry-pages/entry-pages.service';
import { createTestApp, testBackends, type TestApp } from './helpers';

// Decisions 0902, 2100: every public entry page (/, /login, /subscription-plan…) is rendered on the server with the live
// data it shows. The web build's renderer is stood in for by a module of the same shape (the real one runs in the browser
// tests), so what is checked here is the server's part: the data each page renders with, how it is embedded, how long a
// render serves, and the fallbacks.

const TEMPLATE = `<!doctype html><html><head>${HEAD_OUTLET}</head><body><div id="root">${PAGE_OUTLET}</div>${DATA_OUTLET}</body></html>`;
const PRERENDERED = '<!doctype html><html><body><div id="root"><main>build-time landing</main></div></body></html>';
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A web build whose renderer lists the FAQ questions, plan titles and company e-mail it is given (or throws, if `failing`), counting its renders. */
async function webBuild(failing = false): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cma-entry-web-'));
  await mkdir(path.join(dir, 'ssr'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), PRERENDERED);
  await writeFile(path.join(dir, 'app.html'), SHELL);
  await writeFile(path.join(dir, 'ssr', 'entry.html'), TEMPLATE);
  await writeFile(
    path.join(dir, 'ssr', 'prerender.mjs'),
    `(globalThis.entryRenders ??= {})[import.meta.url] = 0;
     const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
     export async function prerenderPage(path, data) {
       ${failing ? "throw new Error('render failed');" : ''}
       globalThis.entryRenders[import.meta.url]++;
       const html = '<main data-path="' + path + '">' + (data.faqs ?? []).map((f) => '<h3>' + escape(f.question) + '</h3>').join('') +
         (data.plans ?? []).map((p) => '<p class="plan">' + escape(p.title) + '</p>').join('') +
         (data.config ? '<p class="company">' + escape(data.config.company.email) + '</p>' : '') + '</main>';
       return { html, head: '<title>' + path + ' · CMA Studio</title>' };
     }`,
  );
  return dir;
}

/** How many times the renderer of the build in `dir` has rendered. */
const renders = (dir: string) => (globalThis as { entryRenders?: Record<string, number> }).entryRenders?.[pathToFileURL(path.join(dir, 'ssr', 'prerender.mjs')).href] ?? 0;
const dataOf = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${ENTRY_PAGE_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  if (!match) throw new Error('no page data in the page');
  return JSON.parse(match[1]!) as { faqs?: { question: string; answer: string }[]; plans?: { title: string }[]; config?: unknown };
};

describe.each(testBackends())('entry pages on %s', (backend) => {
  let t: TestApp;
  let webDir: string;
  let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
  beforeAll(async () => {
    webDir = await webBuild();
    t = await createTestApp(backend, { WEB_DIST_DIR: webDir }, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('is rendered with the FAQ and plans the public API gives, and carries them for the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const faqs = (await t.app.inject({ method: 'GET', url: '/api/faq-list' })).json().data;
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription-plan-list' })).json().data;
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(faqs.length).toBeGreaterThan(0);
    expect(dataOf(res.body)).toEqual({ faqs, plans, config });
    expect(res.body).toContain('<head><title>/ · CMA Studio</title></head>');
    // The page sits inside #root and the data after it, where hydration does not look.
    expect(res.body).toContain(`<div id="root"><main data-path="/"><h3>${faqs[0].question}</h3>`);
    expect(res.body.indexOf(`id="${ENTRY_PAGE_DATA_ELEMENT_ID}"`)).toBeGreaterThan(res.body.indexOf('</main></div>'));
    expect(res.body).toContain(`<p class="plan">${plans[0].title}</p>`);
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('renders every public entry page with only the data it shows', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/subscription-plan-list' })).json().data;
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    for (const page of ['/login', '/forgot-password', '/request-demo', '/about-us', '/privacy-policy', '/terms-condition', '/contact-us']) {
      const res = await t.app.inject({ method: 'GET', url: page });
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain(`<title>${page} · CMA Studio</title>`);
      expect(res.body, page).toContain(`<div id="root"><main data-path="${page}"><p class="company">${config.company.email}</p></main></div>`);
      expect(dataOf(res.body), page).toEqual({ config });
    }
    const plansPage = await t.app.inject({ method: 'GET', url: '/subscription-plan' });
    expect(dataOf(plansPage.body)).toEqual({ plans, config });
    expect(plansPage.body).toContain(`<p class="plan">${plans[0].title}</p>`);
    expect(Object.keys(ENTRY_PAGES)).not.toContain('/reset-password/:token'); // a secret path is never kept in the render cache
  });

  it('sends the empty shell for a page that reads its query string when it has one, and for every other client route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login?scan=true' })).body).toBe(SHELL);
    expect((await t.app.inject({ method: 'GET', url: '/?utm_source=mail' })).body).toContain('<main data-path="/">'); // the landing page reads none
    for (const url of ['/home', '/reset-password/abc', '/card-details', '/no/such/page']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body, url).toBe(SHELL);
    }
  });

  it('serves one render for a minute, then the previous page once while the next is made with the changes', async () => {
    clock += ENTRY_PAGE_TTL_MS; // whatever the test before left is stale now, and is re-rendered in the background
    const staleRenders = renders(webDir);
    await t.app.inject({ method: 'GET', url: '/' });
    await expect.poll(() => renders(webDir)).toBe(staleRenders + 1);
    const before = renders(webDir);
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/' });
    expect(renders(webDir)).toBe(before);

    // An answer that would end the script element, or read as a replacement pattern, if it were pasted in raw.
    const question = 'Can a question hold </script><script>alert(1)</script> or $& and $1?';
    await t.database.query('insert into faqs (question, answer, sort_order) values ($1, $2, -1)', [question, '<!-- not a comment --> \u2028 fine']);
    clock += ENTRY_PAGE_TTL_MS - 1;
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('Can a question hold');
    clock += 1;
    const stale = await t.app.inject({ method: 'GET', url: '/' });
    expect(stale.body).not.toContain('Can a question hold'); // served at once, while the new one renders
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Can a question hold');
    expect(renders(webDir)).toBe(before + 1);

    const fresh = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const script = fresh.slice(fresh.indexOf(`id="${ENTRY_PAGE_DATA_ELEMENT_ID}"`));
    expect(script.slice(0, script.indexOf('</script>'))).not.toMatch(/<\/script|<!--|\u2028/);
    expect(dataOf(fresh).faqs?.[0]).toEqual({ id: expect.any(Number), question, answer: '<!-- not a comment --> \u2028 fine' });
    expect(fresh).toContain('<h3>Can a question hold &lt;/script>&lt;script>alert(1)&lt;/script> or $&amp; and $1?</h3>');
  });

  it('never serves the renderer or its template as files', async () => {
    for (const url of ['/ssr/prerender.mjs', '/ssr/entry.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('prerenderPage');
      expect(res.body, url).not.toContain(PAGE_OUTLET);
    }
  });
});

describe('entry pages when the render fails', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await webBuild(true);
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves the landing page prerendered at build time, and the empty shell for the other pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PRERENDERED);
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toBe(SHELL);
  });
});
