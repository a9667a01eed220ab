#!/usr/bin/env node
// After `vite build` and `vite build --ssr src/prerender.tsx --outDir dist/ssr`, writes the landing page's documents:
// - dist/ssr/landing.html: the template the server fills with the landing page rendered with its live FAQ and plans
//   (decision 0902); the app's code loads when the visitor shows intent;
// - dist/index.html: the same page rendered here without data, served when the server cannot render (its app loads
//   after the first paint and asks for the data itself);
// - dist/app.html: the empty shell, served for every other route (which must not flash the landing page).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The build folder: dist/ by default; scripts/build.mjs points it at its private folder before the swap.
const dist = process.env.WEB_BUILD_DIR ?? path.join(webDir, 'dist');
const ssrDir = path.join(dist, 'ssr');
const emptyRoot = '<div id="root"></div>';
const LANDING_MODULE = 'src/features/public-site/pages/LandingPage.tsx';

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot} to fill`);
const { prerenderPage, landingHead, LANDING_PAGE_OUTLET, LANDING_DATA_OUTLET } = await import(pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href);
const landing = await prerenderPage('/');
if (!landing.includes('<main')) throw new Error('the prerendered landing page has no <main>');
// The landing page's own stylesheets load with its lazy chunk; prerendered, they must be there before the first paint.
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
collectCss(LANDING_MODULE);
if (!manifest[LANDING_MODULE]) throw new Error(`${LANDING_MODULE} is not in the build manifest`);
// All of it inline (about 8 KB): a stylesheet request would hold the first paint back by a round trip on a phone.
const css = (await Promise.all([...stylesheets].map((href) => readFile(path.join(dist, href), 'utf8')))).join('\n');
// Inline already: the landing chunk's stylesheets are also named by disabled links (never fetched), so the app's chunk
// loader finds them and does not insert them again (an insertion costs a full style pass during start-up).
const shellStylesheets = new Set([...shell.matchAll(linkedStylesheet)].map((match) => match[1]));
const chunkLinks = [...stylesheets].filter((href) => !shellStylesheets.has(href)).map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
const inlineStyle = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
// The app's entry is started by public/landing-boot.js, and its module preloads go: they would compete with the page.
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entry = entryTag.exec(shell)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry script');
/** The landing document around `content` (the #root children); `start` tells landing-boot.js when to load the app. */
const landingDocument = (content, start, after = '') =>
  shell
    .replace(entryTag, `<script defer src="/landing-boot.js" data-entry="${entry}" data-start="${start}"></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(linkedStylesheet, '')
    // The landing page's own title and description, for crawlers and link previews that run no script.
    .replace(/<title>[^<]*<\/title>/, () => landingHead())
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${inlineStyle}\n  </head>`)
    .replace(emptyRoot, () => `<div id="root">${content}</div>${after}${chunkLinks}`);

await writeFile(path.join(dist, 'app.html'), shell);
await writeFile(path.join(dist, 'index.html'), landingDocument(landing, 'paint'));
await writeFile(path.join(ssrDir, 'landing.html'), landingDocument(LANDING_PAGE_OUTLET, 'intent', LANDING_DATA_OUTLET));
console.log(`prerendered / into dist/index.html (${(landing.length / 1024).toFixed(1)} KB of HTML); dist/ssr/landing.html is the server's template; dist/app.html is the shell`);
