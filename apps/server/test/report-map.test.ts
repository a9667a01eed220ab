import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, utimesSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { REPORT_MAP_SIZE, reportMapPins, reportMapPoints, tileView, worldPixel, buildReportInput, TILE_SIZE } from '@cma/report';
import { createHttpTileSource } from '../src/adapters/map-tiles/http-tile-source';
import { createTestApp, createUserWithSession, freePort, testBackends, type TestApp, pdfText, bearer } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');

/** Each tile a solid colour that names it: red from x, blue from y (so a test can tell which tile landed where). */
const tileColour = (x: number, y: number) => ({ r: (x * 37) % 200, g: 210, b: (y * 53) % 200 });

interface TileServer {
  template: string;
  requests: { url: string; userAgent: string }[];
  close(): Promise<void>;
}

/** A tile server in process: tiny PNG tiles, each request recorded. */
async function startTileServer(): Promise<TileServer> {
  const requests: TileServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', userAgent: String(request.headers['user-agent'] ?? '') });
    const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) return void response.writeHead(404).end();
    void sharp({ create: { width: 256, height: 256, channels: 3, background: tileColour(Number(match[2]), Number(match[3])) } })
      .png()
      .toBuffer()
      .then((png) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('map tiles kept on disk', () => {
  let tiles: TileServer;
  beforeAll(async () => {
    tiles = await startTileServer();
  });
  afterAll(() => tiles.close());

  it('fetches a tile once with the User-Agent, serves it from disk until it is stale, and uses a stale tile when the server is down', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'cma-tiles-'));
    const source = createHttpTileSource({ template: tiles.template, cacheDir, userAgent: 'CMA Studio report maps (+https://cma.example)' });
    const first = await source.tile({ z: 14, x: 3410, y: 6200 });
    expect((await sharp(first).metadata()).width).toBe(256);
    const again = await source.tile({ z: 14, x: 3410, y: 6200 });
    expect(again.equals(first)).toBe(true);
    const asked = tiles.requests.filter((r) => r.url === '/tiles/14/3410/6200.png');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.userAgent).toBe('CMA Studio report maps (+https://cma.example)');

    // Eight days old: fetched again.
    const [folder] = readdirSync(cacheDir);
    const file = path.join(cacheDir, folder!, '14', '3410', '6200');
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    utimesSync(file, old, old);
    await source.tile({ z: 14, x: 3410, y: 6200 });
    expect(tiles.requests.filter((r) => r.url === '/tiles/14/3410/6200.png')).toHaveLength(2);

    // Stale, and the server cannot be reached: the kept tile is still better than no map.
    utimesSync(file, old, old);
    const offline = createHttpTileSource({ template: tiles.template.replace(/:\d+\//, `:${await freePort()}/`), cacheDir, userAgent: 'x' });
    await expect(offline.tile({ z: 14, x: 3410, y: 6200 })).rejects.toThrow(); // another template: its own folder, nothing kept
    const sameTemplateDown = createHttpTileSource({ template: tiles.template, cacheDir, userAgent: 'x', timeoutMs: 1 });
    await tiles.close();
    expect((await sameTemplateDown.tile({ z: 14, x: 3410, y: 6200 })).equals(first)).toBe(true);
    tiles = await startTileServer();
  });

  it('forgets tiles nobody asked for in 30 days, keeping the ones in use', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'cma-tiles-'));
    const source = createHttpTileSource({ template: tiles.template, cacheDir, userAgent: 'x' });
    await source.tile({ z: 15, x: 1, y: 1 });
    await source.tile({ z: 15, x: 1, y: 2 });
    const [folder] = readdirSync(cacheDir);
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(cacheDir, folder!, '15', '1', '1'), old, old);
    expect(await source.prune()).toBe(1);
    expect(readdirSync(path.join(cacheDir, folder!, '15', '1'))).toEqual(['2']);
  });
});

describe.each(testBackends())('street maps in reports on %s', (backend) => {
  let tiles: TileServer;
  let t: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    tiles = await startTileServer();
    t = await createTestApp(backend, { MAP_TILE_URL: tiles.template });
    offline = await createTestApp(backend, { MAP_TILE_URL: `http://127.0.0.1:${await freePort()}/{z}/{x}/{y}.png` });
  });
  afterAll(async () => {
    await t.close();
    await offline.close();
    await tiles.close();
  });

  async function liveLink(app: TestApp): Promise<string> {
    const agent = await createUserWithSession(app);
    const saved = await app.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(agent.token), payload: { address: '1234 Elm Street, Denver, CO 80220', state: sampleState } });
    expect(saved.statusCode).toBe(200);
    const shared = await app.app.inject({ method: 'POST', url: '/api/report-links', headers: bearer(agent.token), payload: { history_id: saved.json().data.id } });
    return shared.json().data.token as string;
  }

  it('composes the map from the tiles of the view the pins are drawn on: each tile where Web Mercator puts it', async () => {
    const input = buildReportInput(JSON.parse(sampleState), { now: new Date('2026-11-21T10:00:00Z') });
    const pins = reportMapPins(input);
    const image = await t.app.ctx.maps.forReport(input);
    expect(image?.attribution).toBe('© OpenStreetMap contributors');
    const jpeg = Buffer.from(image!.src.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([REPORT_MAP_SIZE.width * 2, REPORT_MAP_SIZE.height * 2]);
    // Under each pin (at twice the size: tiles of the next zoom level) lies the tile Web Mercator puts it in.
    const view = tileView(pins, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height)!;
    let checked = 0;
    for (const pin of pins) {
      const world = worldPixel(pin, view.zoom + 1);
      const inTile = { x: world.x % TILE_SIZE, y: world.y % TILE_SIZE };
      if (Math.min(inTile.x, inTile.y, TILE_SIZE - inTile.x, TILE_SIZE - inTile.y) < 6) continue; // too near a tile edge to tell
      const at = view.project(pin);
      const offset = (Math.round(at.y * 2) * info.width + Math.round(at.x * 2)) * info.channels;
      const expected = tileColour(Math.floor(world.x / TILE_SIZE), Math.floor(world.y / TILE_SIZE));
      expect(Math.abs(data[offset]! - expected.r)).toBeLessThanOrEqual(8);
      expect(Math.abs(data[offset + 2]! - expected.b)).toBeLessThanOrEqual(8);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(tiles.requests.every((r) => r.userAgent.startsWith('CMA Studio report maps'))).toBe(true);
  });

  it('prints the street map with its attribution and price pins in the PDF, and the live page shows it from its own origin', async () => {
    const token = await liveLink(t);
    const page = await t.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('© OpenStreetMap contributors');
    const href = /<image href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toMatch(new RegExp(`^/r/${token}/photos/\\d+$`));
    for (const [, src] of page.body.matchAll(/\s(?:src|srcset|href)="(https?:[^"]*)"/g)) expect(src).not.toContain('127.0.0.1');
    const map = await t.app.inject({ method: 'GET', url: href! });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('image/jpeg');
    // The served picture is the composed tiles (every tile's green is 210), at twice the map's size.
    const served = await sharp(map.rawPayload).stats();
    expect(served.channels[1]!.mean).toBeGreaterThan(200);
    expect((await sharp(map.rawPayload).metadata()).width).toBe(REPORT_MAP_SIZE.width * 2);
    const input = buildReportInput(JSON.parse(sampleState), { now: new Date() });
    const firstPin = new RegExp(`>1\\s+\\$${Math.round(input.comparables[0]!.netSalesPrice! / 1000)}k<`);
    expect(firstPin.test(page.body)).toBe(true);

    const pdf = await t.app.inject({ method: 'GET', url: `/r/${token}/pdf` });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('© OpenStreetMap contributors');
    expect(text).toContain('The subject (S) and each comparable with its sale price');
    expect(text).toMatch(new RegExp(`1\\s+\\$${Math.round(input.comparables[0]!.netSalesPrice! / 1000)}k`));
  });

  it('POST /api/report-map gives the browser the same street map for the PDF it renders; null when tiles are out of reach; 422 names a bad point', async () => {
    const input = buildReportInput(JSON.parse(sampleState), { now: new Date('2026-11-21T10:00:00Z') });
    const points = reportMapPoints(input)!;
    expect(points).toHaveLength(input.comparables.length + 1);
    const agent = await createUserWithSession(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/report-map', headers: bearer(agent.token), payload: { points } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map).toEqual(await t.app.ctx.maps.forReport(input));
    expect(res.json().data.map.src).toMatch(/^data:image\/jpeg;base64,/);

    const bad = await t.app.inject({ method: 'POST', url: '/api/report-map', headers: bearer(agent.token), payload: { points: [{ lat: 39.7, lon: -104.9 }, { lat: 91, lon: -104.9 }] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data['points.1.lat']).toEqual(['lat must be from -85 to 85.']);
    expect((await t.app.inject({ method: 'POST', url: '/api/report-map', payload: { points } })).statusCode).toBe(401);

    const offlineAgent = await createUserWithSession(offline);
    const none = await offline.app.inject({ method: 'POST', url: '/api/report-map', headers: bearer(offlineAgent.token), payload: { points } });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual({ map: null });
  });

  it('falls back to the offline drawing when the tiles cannot be fetched: the report is still sent, with no attribution', async () => {
    const token = await liveLink(offline);
    const page = await offline.app.inject({ method: 'GET', url: `/r/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<image');
    expect(page.body).not.toContain('OpenStreetMap');
    expect(page.body).toContain('Map of the subject (S) and');
    const text = pdfText((await offline.app.inject({ method: 'GET', url: `/r/${token}/pdf` })).rawPayload);
    expect(text).toContain('Relative positions and straight-line distances');
    expect(text).not.toContain('OpenStreetMap');
  });
});
