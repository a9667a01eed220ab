// Test helper: a local server playing the image calls (save-image-rets, store, list, delete) on an in-memory store,
// recording every request; any other call gets an empty 200 envelope.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface FakeImagesApi {
  /** Requests received, in order (path and raw body). */
  requests: { path: string; body: string }[];
  /** Stored photos by property id. */
  photos: Map<string, { id: string; data_url: string }[]>;
  /** The JSON bodies of the save-image-rets calls. */
  copies(): unknown[];
}

/** Photos a listing copy adds (the demo listings have three). */
export const LISTING_PHOTO_COUNT = 3;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });

export function serveFakeImagesApi(): FakeImagesApi {
  const api: FakeImagesApi = {
    requests: [],
    photos: new Map(),
    copies: () => api.requests.filter((r) => r.path === '/api/save-image-rets').map((r) => JSON.parse(r.body)),
  };
  let server: Server;
  let next = 1;
  const networkFetch = globalThis.fetch;
  const add = (propertyId: string, count: number) => {
    const list = api.photos.get(propertyId) ?? [];
    for (let i = 0; i < count; i++) {
      const id = `photo-${next++}`;
      list.push({ id, data_url: `data:image/jpeg;base64,${Buffer.from(id).toString('base64')}` });
    }
    api.photos.set(propertyId, list);
    return list.map((p) => ({ id: p.id, property_id: propertyId, url: `/api/property-image-file/${p.id}` }));
  };

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = await read(request);
      api.requests.push({ path, body });
      let data: unknown = {};
      if (path === '/api/save-image-rets') {
        const { property_id: propertyId } = JSON.parse(body) as { property_id: string };
        data = add(propertyId, LISTING_PHOTO_COUNT);
      } else if (path === '/api/store-property-images') {
        const propertyId = /name="property_id"\r\n\r\n([^\r]+)/.exec(body)?.[1] ?? '';
        data = add(propertyId, (body.match(/name="images\[\]"/g) ?? []).length);
      } else if (path.startsWith('/api/encoded/img/list/')) {
        data = api.photos.get(decodeURIComponent(path.slice('/api/encoded/img/list/'.length))) ?? [];
      } else if (path.startsWith('/api/get-images/delete/')) {
        const id = decodeURIComponent(path.slice('/api/get-images/delete/'.length));
        for (const [key, list] of api.photos) api.photos.set(key, list.filter((p) => p.id !== id));
        data = { id };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status_code: 200, data }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // happy-dom's Response.clone() of a network response yields empty bodies and RTK Query clones every response.
    globalThis.fetch = async (input, init) => {
      const response = await networkFetch(input, init);
      return new Response(await response.text(), { status: response.status, headers: response.headers });
    };
  });
  beforeEach(() => {
    api.requests.length = 0;
    api.photos.clear();
  });
  afterAll(() => {
    globalThis.fetch = networkFetch;
    server.unref();
  });
  return api;
}
