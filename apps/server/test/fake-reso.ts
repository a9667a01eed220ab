import { createServer, type Server } from 'node:http';
import sharp from 'sharp';

// A small RESO Web API (OData) server for tests: Property and Media, bearer token, server-driven paging (2 per
// page, @odata.nextLink), $filter on ModificationTimestamp gt and ResourceRecordKey eq … or …, and photo files.

export interface FakeReso {
  url: string;
  token: string;
  properties: Record<string, unknown>[];
  media: Record<string, unknown>[];
  requests: string[];
  close(): Promise<void>;
}

const PAGE_SIZE = 2;

export async function startFakeReso(token = 'reso-test-token'): Promise<FakeReso> {
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a7' } }).png().toBuffer();
  const state: FakeReso = { url: '', token, properties: [], media: [], requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname.startsWith('/photos/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(photo);
      return;
    }
    if (req.headers.authorization !== `Bearer ${state.token}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid token' } }));
      return;
    }
    const filter = url.searchParams.get('$filter') ?? '';
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    let rows: Record<string, unknown>[];
    if (url.pathname === '/reso/Property') {
      const since = /ModificationTimestamp gt (\S+)/.exec(filter)?.[1];
      rows = state.properties
        .filter((p) => !since || new Date(String(p.ModificationTimestamp)) > new Date(since))
        .sort((a, b) => String(a.ModificationTimestamp).localeCompare(String(b.ModificationTimestamp)));
    } else if (url.pathname === '/reso/Media') {
      const keys = [...filter.matchAll(/ResourceRecordKey eq '([^']+)'/g)].map((m) => m[1]);
      rows = state.media.filter((m) => keys.includes(String(m.ResourceRecordKey)));
    } else {
      res.writeHead(404).end();
      return;
    }
    const page = rows.slice(skip, skip + PAGE_SIZE);
    const next = new URLSearchParams(url.searchParams);
    next.set('$skip', String(skip + PAGE_SIZE));
    const body: Record<string, unknown> = { '@odata.context': `${state.url}/$metadata#${url.pathname.split('/').pop()}`, value: page };
    if (skip + PAGE_SIZE < rows.length) body['@odata.nextLink'] = `${state.url}${url.pathname.replace('/reso', '')}?${next.toString()}`;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.url = `http://127.0.0.1:${port}/reso`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A RESO Property with Data Dictionary field names. */
export function resoProperty(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ListingKey: `K${key}`,
    ListingId: key,
    StandardStatus: 'Closed',
    StreetNumber: '3100',
    StreetName: 'Vallejo',
    StreetSuffix: 'St',
    City: 'Denver',
    StateOrProvince: 'CO',
    PostalCode: '80211',
    SubdivisionName: 'Highland',
    Levels: ['Two'],
    YearBuilt: 1912,
    AboveGradeFinishedArea: 1650,
    BelowGradeTotalArea: 700,
    BelowGradeFinishedArea: 500,
    BedroomsTotal: 3,
    BathroomsFull: 2,
    BathroomsHalf: 1,
    GarageSpaces: 2,
    ClosePrice: 815000,
    ConcessionsAmount: 5000,
    ListPrice: 799000,
    CloseDate: '2026-04-15',
    Latitude: 39.7622,
    Longitude: -105.0112,
    Cooling: ['Central Air'],
    PublicRemarks: 'Victorian with a modern kitchen.',
    ModificationTimestamp: '2026-05-01T10:00:00Z',
    ...overrides,
  };
}
