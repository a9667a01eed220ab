#!/usr/bin/env node
// After `vite build` and `vite build --ssr src/prerender.tsx --outDir dist/ssr`, writes the entry pages' documents:
// - dist/ssr/entry.html: the template the server fills with a public entry page (/, /login, /subscription-plan…)
//   rendered with its live data (decisions 0902, 2100); the app's code loads when the visitor shows intent;
// - dist/index.html: the landing page rendered here without data, served at / when the server cannot render (its app
//   loads after the first paint and asks for the data itself);
// - dist/app.html: the empty shell, served for every other route (which must not flash the landing page).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEnv, minifySync } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build folder: dist/ by default; scripts/build.mjs points it at its private folder before the swap.
const dist = process.env.WEB_BUILD_DIR ?? path.join(webDir, 'dist');
const ssrDir = path.join(dist, 'ssr');
const emptyRoot = '<div id="root"></div>';
// The lazy page modules of the entry pages (app/routes.tsx): their stylesheets are inlined into every entry page.
const ENTRY_PAGE_MODULES = [
  'src/features/public-site/pages/LandingPage.tsx',
  'src/features/accounts/pages/LoginPage.tsx',
  'src/features/accounts/pages/ForgotPasswordPage.tsx',
  'src/features/billing/pages/SubscriptionPlanPage.tsx',
  'src/features/public-site/pages/RequestDemoPage.tsx',
  'src/features/public-site/pages/AboutUsPage.tsx',
  'src/features/public-site/pages/PrivacyPolicyPage.tsx',
  'src/features/public-site/pages/TermsConditionPage.tsx',
  'src/features/public-site/pages/ContactUsPage.tsx',
];

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot} to fill`);
const { prerenderPage, ENTRY_PAGE_HEAD_OUTLET, ENTRY_PAGE_OUTLET, ENTRY_PAGE_DATA_OUTLET } = await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href);
const landing = await prerenderPage('/');
if (!landing.html.includes('<main')) throw new Error('the prerendered landing page has no <main>');
// The entry pages' own stylesheets load with their lazy chunks; prerendered, they must be there before the first paint.
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
// Cascade order as the app has it: the shell's stylesheets first, then the landing chunk's.
const linkedStylesheet = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const stylesheets = new Set([...shell.matchAll(linkedStylesheet)].map((match) => match[1]));
const collectCss = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const file of manifest[key].css ?? []) stylesheets.add(`/${file}`);
  for (const imported of manifest[key].imports ?? []) collectCss(imported, seen);
};
for (const module of ENTRY_PAGE_MODULES) {
  if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
  collectCss(module);
}
// All of it inline: a stylesheet request would hold the first paint back by a round trip on a phone.
const css = (await Promise.all([...stylesheets].map((href) => readFile(path.join(dist, href), 'utf8')))).join('\n');
// Inline already: the page chunks' stylesheets are also named by disabled links (never fetched), so the app's chunk
// loader finds them and does not insert them again (an insertion costs a full style pass during start-up).
const shellStylesheets = new Set([...shell.matchAll(linkedStylesheet)].map((match) => match[1]));
const chunkLinks = [...stylesheets].filter((href) => !shellStylesheets.has(href)).map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
const inlineStyle = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
// The app's entry is started by public/entry-boot.js, and its module preloads go: they would compete with the page.
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entry = entryTag.exec(shell)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry script');
// What runs before the visitor acts, as one minified file (1.5 KB gzipped; copied as written it was 2.2 KB): web vitals
// and error catching from the first paint (public/entry-observability.js, decision 2160), then the app's start
// (public/entry-boot.js). Errors are sent by public/entry-error-report.js, loaded at the first one, with the build's
// Sentry DSN when there is one (it wins over the server's, as in src/app/observability.ts).
const joined = [];
for (const script of ['entry-observability.js', 'entry-boot.js']) {
  joined.push(await readFile(path.join(dist, script), 'utf8'));
  await rm(path.join(dist, script));
}
const minified = (name, code) => {
  const { code: small, errors } = minifySync(name, code);
  if (errors.length) throw new Error(`${name} could not be minified: ${errors[0].message}`);
  return small;
};
await writeFile(path.join(dist, 'entry-boot.js'), minified('entry-boot.js', joined.join('\n')));
await writeFile(path.join(dist, 'entry-error-report.js'), minified('entry-error-report.js', await readFile(path.join(dist, 'entry-error-report.js'), 'utf8')));
const buildDsn = loadEnv('production', webDir, 'VITE_').VITE_SENTRY_DSN?.trim();
const dsnAttribute = buildDsn ? ` data-dsn="${buildDsn.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"` : '';
/** An entry page's document around `content` (the #root children); `start` tells entry-boot.js when to load the app. */
const entryDocument = (head, content, start, after = '') =>
  shell
    .replace(entryTag, () => `<script defer src="/entry-boot.js" data-entry="${entry}" data-start="${start}"${dsnAttribute}></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(linkedStylesheet, '')
    // The page's own title and description, for crawlers and link previews that run no script.
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${inlineStyle}\n  </head>`)
    .replace(emptyRoot, () => `<div id="root">${content}</div>${after}${chunkLinks}`);

await writeFile(path.join(dist, 'app.html'), shell);
await writeFile(path.join(dist, 'index.html'), entryDocument(landing.head, landing.html, 'paint'));
await writeFile(path.join(ssrDir, 'entry.html'), entryDocument(ENTRY_PAGE_HEAD_OUTLET, ENTRY_PAGE_OUTLET, 'intent', ENTRY_PAGE_DATA_OUTLET));
console.log(`prerendered / into dist/index.html (${(landing.html.length / 1024).toFixed(1)} KB of HTML, ${(css.length / 1024).toFixed(1)} KB of inline CSS); dist/ssr/entry.html is the server's template for the entry pages; dist/app.html is the shell`);
