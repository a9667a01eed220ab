import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appReady, holdAppCode, markAppReady } from './support/app-code';

// Issue 9: the public site in the real browser against the real server serving the built SPA.

// A real 1×1 PNG (the server sniffs the bytes, so a stand-in would be refused).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const header = (page: Page) => page.locator('header.site-header');
const footer = (page: Page) => page.locator('footer.site-footer');

test.describe('landing header (spec §2)', () => {
  test('links go to their pages and the active one is highlighted by path', async ({ page }) => {
    await page.goto('/');
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveClass(/nav-link--active/);
    for (const [name, pathname, heading] of [
      ['About us', '/about-us', 'About Us'],
      ['CONTACT US', '/contact-us', 'Contact Us'],
      ['Subscription', '/subscription-plan', null],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${pathname}$`));
      await expect(nav.getByRole('link', { name, exact: true })).toHaveClass(/nav-link--active/);
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveClass(/nav-link--active/);
      if (heading) await expect(page.locator('main h1')).toHaveText(heading);
    }
  });

  test('Sign in, Sign up and Request a Demo go to their screens', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await header(page).getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/subscription-plan$/);
    await header(page).getByRole('link', { name: 'Request a Demo' }).click();
    await expect(page).toHaveURL(/\/request-demo$/);
    await expect(page.locator('main h1')).toHaveText('Request a Demo');
  });

  test('FAQ scrolls to the FAQ section of the landing page, from any page', async ({ page }) => {
    await page.goto('/about-us');
    await header(page).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    const faq = page.locator('#faq');
    await expect(faq.locator('.faq__item').first()).toBeVisible();
    await expect(faq.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
    // Scrolled away and clicked again on the landing page itself.
    await page.evaluate(() => window.scrollTo(0, 0));
    await header(page).getByRole('link', { name: 'FAQ' }).click();
    await expect(faq.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
  });

  test('the landing page shows the plans from the plan list', async ({ page, request }) => {
    const plans = (await (await request.get('/api/subscription-plan-list')).json()).data as { title: string }[];
    await page.goto('/');
    for (const plan of plans) await expect(page.locator('.ps-plan h3', { hasText: plan.title }).first()).toBeVisible();
  });
});

test.describe('server-rendered landing page (decisions 0901, 0902)', () => {

  test('arrives whole with the FAQ and plans, runs no app code until the visitor acts, then hydrates without asking again', async ({ page, request }) => {
    const faqs = (await (await request.get('/api/faq-list')).json()).data as { question: string }[];
    const plans = (await (await request.get('/api/subscription-plan-list')).json()).data as { title: string }[];
    const html = await (await request.get('/')).text();
    expect(html).toContain('id="hero-title"'); // painted without JavaScript
    expect(html).toContain(faqs[0]!.question); // and the FAQ is in it, for visitors and crawlers
    expect(await (await request.get('/login')).text()).not.toContain('id="hero-title"'); // other routes get the empty shell

    const scripts: string[] = [];
    const dataCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (/\/api\/(faq-list|subscription-plan-list)/.test(r.url())) dataCalls.push(r.url());
    });
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await markAppReady(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#faq .faq__item')).toHaveCount(faqs.length);
    await expect(page.locator('#faq summary').first()).toHaveText(faqs[0]!.question);
    for (const plan of plans) await expect(page.locator('.ps-plan h3', { hasText: plan.title }).first()).toBeVisible();
    expect(scripts).toEqual(['/entry-boot.js']);

    await page.mouse.move(40, 300);
    await appReady(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(1);
    expect(dataCalls, 'the FAQ and plans came with the page').toEqual([]);
    expect(errors, 'hydration matched the server-rendered page').toEqual([]);
    await page.locator('#faq summary').first().click();
    await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
  });

  test('keeps a button press made before the app starts, and stays where the visitor scrolled', async ({ page }) => {
    const release = await holdAppCode(page);
    await markAppReady(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await footer(page).getByRole('button', { name: 'Instagram' }).click();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await appReady(page);
    await expect(page.locator('.Toastify').getByText('Will be added sone').first()).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('Sign up pressed before the app starts still sets the login state to "register"', async ({ page }) => {
    const release = await holdAppCode(page);
    await markAppReady(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await header(page).getByRole('link', { name: 'Sign up' }).click();
    release();
    await expect(page).toHaveURL(/\/subscription-plan$/);
    await expect(page.locator('main h1')).toHaveText('Choose your plan'); // an app navigation, with the header's effect:
    await expect
      .poll(() =>
        page.evaluate(() => {
          const login = JSON.parse(localStorage.getItem('persist:root') ?? '{}').login as string | undefined;
          return login ? (JSON.parse(login) as { loginstate?: string }).loginstate : undefined;
        }),
      )
      .toBe('register');
  });
});

test.describe('footer (spec §1–§2)', () => {
  test('links, Contact Us button, current year and the two coming-soon social buttons', async ({ page }) => {
    await page.goto('/');
    const foot = footer(page);
    await expect(foot).toContainText(`© ${new Date().getFullYear()}`);
    await expect(foot.locator('address')).toContainText(/[A-Z]{2} \d{5}/);
    for (const network of ['Instagram', 'X (Twitter)']) {
      await foot.getByRole('button', { name: network }).click();
      await expect(page.locator('.Toastify').getByText('Will be added sone').first()).toBeVisible();
    }
    await foot.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.locator('main')).toContainText('We never sell user information');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await footer(page).getByRole('link', { name: 'Terms' }).click();
    await expect(page.locator('main')).toContainText('not a licensed appraisal');
    await expect(page.locator('main')).toContainText('according to the listing provider’s rules');
    await footer(page).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });
});

test.describe('Contact Us (spec §5)', () => {
  test('shows the company contact details from configuration', async ({ page, request }) => {
    const company = (await (await request.get('/api/config')).json()).data.company as { email: string; phone: string; city: string };
    await page.goto('/contact-us');
    const details = page.locator('.ps-contact__details');
    await expect(details).toContainText(company.email);
    await expect(details).toContainText(company.phone);
    await expect(details).toContainText(company.city);
  });

  test('checks every field, refuses a 9th image, sends and clears', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.locator('form.ps-form');
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of ['Name is Required', 'Email is Required', 'Number is Required', 'Subject is Required', 'Description is Required']) {
      await expect(form.getByText(message)).toBeVisible();
    }

    await form.getByLabel('Name').fill('   ');
    await expect(form.getByText('Name is Required')).toBeVisible();
    await form.getByLabel('Name').fill('Dana Browser');
    await expect(form.getByText('Name is Required')).toHaveCount(0);
    await form.getByLabel('Email').fill('dana@');
    await expect(form.getByText('Please enter valid Email ID')).toBeVisible();
    await form.getByLabel('Email').fill('dana.browser@example.com');
    await form.getByLabel('Mobile Number').pressSequentially('30355');
    await expect(form.getByText('Please enter valid Mobile Number')).toBeVisible();
    await form.getByLabel('Mobile Number').pressSequentially('501429');
    await expect(form.getByLabel('Mobile Number')).toHaveValue('303-555-0142');
    await expect(form.getByText('Please enter valid Mobile Number')).toHaveCount(0);
    await form.getByLabel('Subject').fill('Browser test question');
    await form.getByLabel('Description').fill('Does the report include my logo?');

    const images = form.getByLabel(/^Images/);
    await images.setInputFiles(Array.from({ length: 8 }, (_, i) => png(`photo-${i + 1}.png`)));
    await expect(form.locator('.ps-previews img')).toHaveCount(8);
    await images.setInputFiles([png('photo-9.png')]);
    await expect(form.locator('.ps-previews img')).toHaveCount(8);
    await expect(form.getByText('you can upload 8 images only')).toBeVisible();
    await form.getByRole('button', { name: 'Remove photo-2.png' }).click();
    await form.getByRole('button', { name: 'Remove photo-3.png' }).click();
    await expect(form.locator('.ps-previews img')).toHaveCount(6);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact-us') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);

    await expect(page.locator('.Toastify').getByText(/Your message has been sent/)).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Mobile Number')).toHaveValue('');
    await expect(form.locator('.ps-previews img')).toHaveCount(0);

    // No SMTP_URL in the browser run: the server writes each message to DATA_DIR/outbox as an .eml file.
    // (Delivery over real SMTP is covered by apps/server/test/contact.test.ts.)
    const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
    const mailsAbout = async (needle: string) => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
      return texts.map((text) => text.replace(/=\r?\n/g, '')).filter((text) => text.includes(needle));
    };
    // The company's copy and the sender's confirmation.
    await expect.poll(async () => (await mailsAbout('Browser test question')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const companyCopy = (await mailsAbout('Browser test question')).find((text) => text.includes('image(s)'))!;
    expect(companyCopy).toContain('6 image(s)'); // the two removed previews were not sent
    expect(companyCopy).toContain('mobile 3035550142'); // digits only
    expect(companyCopy.match(/filename="?photo-\d\.png/g)).toHaveLength(6);
  });
});

test.describe('Request a Demo', () => {
  test('validates, sends and confirms', async ({ page }) => {
    await page.goto('/request-demo');
    const form = page.locator('form.ps-form');
    await form.getByRole('button', { name: 'Request a Demo' }).click();
    await expect(form.getByText('Name is Required')).toBeVisible();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await expect(form.getByText('Number is Required')).toBeVisible();
    await form.getByLabel('Name').fill('Sam Browser');
    await form.getByLabel('Email').fill('sam.browser@example.com');
    await form.getByLabel('Phone').fill('7195550100');
    await expect(form.getByLabel('Phone')).toHaveValue('719-555-0100');
    await form.getByLabel(/^Brokerage/).fill('Peak Realty');
    await form.getByLabel('Preferred time').selectOption('Weekday morning');
    await form.getByRole('button', { name: 'Request a Demo' }).click();
    await expect(form.getByRole('status')).toContainText('We will e-mail you');
    await expect(form.getByLabel('Name')).toHaveValue('');
  });
});

test.describe('every public page at desktop widths', () => {
  const PAGES = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/contact-us', '/request-demo', '/no-such-page'];
  for (const width of [1280, 1024]) {
    test(`${width} px wide: a heading, a description, and nothing wider than the window`, async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      for (const pathname of PAGES) {
        await page.goto(pathname);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
        await expect(page).toHaveTitle(/CMA Studio/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${pathname} overflows`).toBeLessThanOrEqual(width);
        const name = pathname === '/' ? 'landing' : pathname.slice(1);
        await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
