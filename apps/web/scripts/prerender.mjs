#!/usr/bin/env node
// After `vite build` and `vite build --ssr src/prerender.tsx`: index.html gets the landing page's HTML (served for /),
// app.html keeps the empty shell (served for every other route, which must not flash the landing page).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const ssrDir = path.join(webDir, 'dist-ssr');
const emptyRoot = '<div id="root"></div>';
const LANDING_MODULE = 'src/features/public-site/pages/LandingPage.tsx';

const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot} to fill`);
const { prerenderPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const landing = await prerenderPage('/');
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
if (!landing.includes('<main')) throw new Error('the prerendered landing page has no <main>');
await writeFile(path.join(dist, 'app.html'), shell);
// The app's entry loads after the first paint (public/landing-boot.js), and its module preloads go: they would compete.
const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entry = entryTag.exec(shell)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry script');
const landingHtml = shell
  .replace(entryTag, `<script defer src="/landing-boot.js" data-entry="${entry}"></script>`)
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(linkedStylesheet, '')
  .replace('</head>', `  ${inlineStyle}\n  </head>`)
  .replace(emptyRoot, `<div id="root">${landing}</div>${chunkLinks}`);
await writeFile(path.join(dist, 'index.html'), landingHtml);
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered / into dist/index.html (${(landing.length / 1024).toFixed(1)} KB of HTML); dist/app.html is the shell`);
