import { describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import { REPORT_MAP_SIZE, type GeoPoint } from '@cma/report';
import { FIRST_SKIP_MS, SEND_MAP_WAIT_MS, createMapService, type TileSource } from '../src/modules/map/map.service';

// Issue 29 item 4: a send answers within 3 s on an install with no internet. A tile source that cannot be reached is
// skipped for a while (and asked again in the background), never waited on by every print.

const points: GeoPoint[] = [
  { lat: 39.7312, lon: -104.9271 },
  { lat: 39.7331, lon: -104.9302 },
  { lat: 39.7289, lon: -104.9233 },
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const tilePng = sharp({ create: { width: 256, height: 256, channels: 3, background: '#9c9' } }).png().toBuffer();

function setUp(tile: (calls: number) => Promise<Buffer>) {
  let clock = 1_000_000;
  const asked: string[] = [];
  const source: TileSource = {
    tile: (t) => {
      asked.push(`${t.z}/${t.x}/${t.y}`);
      return tile(asked.length);
    },
  };
  const maps = createMapService({ source, attribution: '© test', log: pino({ level: 'silent' }), now: () => clock });
  return { maps, asked, advance: (ms: number) => (clock += ms), compose: () => maps.compose(points, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height) };
}

describe('an unreachable tile source', () => {
  it('that times out is skipped with growing pauses and probed again in the background', async () => {
    let reachable = false;
    const setup = setUp(async () => {
      if (reachable) return tilePng;
      setup.advance(400); // a blackholed host: each ask ends in the fetch's time-out, long after it was sent
      throw new Error('timed out');
    });
    expect(await setup.compose()).toBeNull();
    await settle(); // the map's other tiles, already queued, fail too
    const afterFirst = setup.asked.length;
    // Skipped: the next prints draw the offline map at once without asking the source.
    expect(await setup.compose()).toBeNull();
    expect(setup.asked.length).toBe(afterFirst);
    // The pause over, the print still does not wait: one background probe (the world tile) is sent instead.
    setup.advance(FIRST_SKIP_MS);
    expect(await setup.compose()).toBeNull();
    expect(setup.asked.at(-1)).toBe('0/0/0');
    await settle();
    // The probe failed again (slowly): the pause doubles.
    const probes = setup.asked.length;
    setup.advance(FIRST_SKIP_MS);
    expect(await setup.compose()).toBeNull();
    expect(setup.asked.length).toBe(probes);
    // Reachable again: the next probe succeeds and the map is back.
    reachable = true;
    setup.advance(FIRST_SKIP_MS);
    await setup.compose();
    await setup.maps.probe();
    const image = await setup.compose();
    expect(image?.src).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('that refuses at once is asked again a few seconds later (no long pause for a failure that cost nothing)', async () => {
    let up = false;
    const setup = setUp(async () => {
      if (up) return tilePng;
      throw new Error('ECONNREFUSED');
    });
    expect(await setup.maps.probe()).toBe(false);
    up = true;
    expect(await setup.compose()).toBeNull(); // within the short pause
    setup.advance(6_000);
    expect((await setup.compose())?.attribution).toBe('© test');
  });

  it('that answers slowly is not waited on past a send\'s budget; its tiles serve the next print', async () => {
    const pending: Array<(png: Buffer) => void> = [];
    const setup = setUp(() => new Promise<Buffer>((resolve) => pending.push(resolve)));
    const send = () => setup.maps.compose(points, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height, SEND_MAP_WAIT_MS);
    const started = performance.now();
    expect(await send()).toBeNull();
    expect(performance.now() - started).toBeLessThan(SEND_MAP_WAIT_MS + 1_000);
    // The tiles arrive after the print went out (six at a time): the map is kept for the next print.
    const png = await tilePng;
    for (let round = 0; round < 10 && (await send()) === null; round++) {
      for (const resolve of pending.splice(0)) resolve(png);
      await settle();
    }
    expect((await send())?.src).toMatch(/^data:image\/jpeg;base64,/);
  });
});
