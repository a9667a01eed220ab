import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';

// A RESO Web API server for tests, speaking the protocol over real HTTP the way MLS vendors do: an OAuth2
// client-credentials token endpoint (tokens expire; the server can expire them early) or a fixed bearer token;
// Property, Media and Member with $filter (eq ne gt ge lt le, and, or, parentheses), $select, $orderby, $top, $skip,
// $expand=Media and server-driven paging by @odata.nextLink; Media inline (Bridge), expanded (MLS Grid, Spark) or
// as their own resource (Trestle); 429 with Retry-After and 503 on demand; photo files, optionally behind expiring
// signed URLs. Everything it was asked is kept in `requests`.

export type MediaStyle = 'resource' | 'inline' | 'expand';

export interface FakeResoOptions {
  /** A fixed bearer token (default), or OAuth2 client credentials. */
  auth?: { token: string } | { clientId: string; clientSecret: string; tokenLifetimeSeconds?: number };
  /** Rows per page at most (the server pages even when $top asks for more). */
  maxPageSize?: number;
  mediaStyle?: MediaStyle;
  /** Serve the Member resource (most vendors do; some feeds do not). */
  memberResource?: boolean;
  /** Photo URLs carry a signature that expires after this many seconds (403 after), as MLS CDNs do. */
  photoUrlLifetimeSeconds?: number;
  /** Photos are served only with our bearer token (a photo URL on the API's own host). */
  photosNeedToken?: boolean;
  /** false: no @odata.nextLink; the client asks for the next rows with $skip (SAP's and some vendors' servers). */
  serverPaging?: boolean;
}

export interface FakeReso {
  /** Service root, e.g. http://127.0.0.1:1234/reso */
  url: string;
  /** The OAuth2 token endpoint. */
  tokenUrl: string;
  /** The origin (for photo URLs). */
  origin: string;
  token: string;
  clientId: string;
  clientSecret: string;
  properties: Record<string, unknown>[];
  media: Record<string, unknown>[];
  members: Record<string, unknown>[];
  requests: string[];
  /** Token endpoint calls. */
  tokensIssued: number;
  /** 401 answers for an expired or unknown token. */
  refusedTokens: number;
  /** The next `count` API requests get 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** The next `count` API requests get this status (e.g. 503). */
  failNext(count: number, status: number): void;
  /** Every token issued so far is refused from now on (it "expired" on the server). */
  expireTokens(): void;
  /** A photo URL for a listing's n-th photo (signed when photo URLs expire). */
  photoUrl(listingKey: string, n: number): string;
  close(): Promise<void>;
}

type Entity = Record<string, unknown>;

// --- $filter: a small OData expression parser and evaluator -----------------------------------------------------

type Filter = (entity: Entity) => boolean;

function parseFilter(text: string): Filter {
  const tokens = text.match(/\(|\)|'(?:[^']|'')*'|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const literal = (token: string | undefined): unknown => {
    if (token === undefined) throw new Error('filter ends early');
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
    if (/^\d{4}-\d{2}-\d{2}T/.test(token)) return new Date(token);
    throw new Error(`unknown literal ${token}`);
  };
  const compare = (a: unknown, b: unknown): number | null => {
    if (a === null || a === undefined || b === null) return null;
    if (b instanceof Date) {
      const t = new Date(String(a)).getTime();
      // A value that is no timestamp compares as text (as a server storing strings would).
      if (Number.isNaN(t)) return String(a) < b.toISOString() ? -1 : 1;
      return t - b.getTime();
    }
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  };
  const factor = (): Filter => {
    if (peek() === '(') {
      take();
      const inner = expr();
      if (take() !== ')') throw new Error('missing )');
      return inner;
    }
    const field = take()!;
    const op = take();
    const value = literal(take());
    return (entity) => {
      const actual = entity[field];
      if (op === 'eq') return value === null ? actual == null : compare(actual, value) === 0;
      if (op === 'ne') return value === null ? actual != null : compare(actual, value) !== 0;
      const c = compare(actual, value);
      if (c === null) return false;
      if (op === 'gt') return c > 0;
      if (op === 'ge') return c >= 0;
      if (op === 'lt') return c < 0;
      if (op === 'le') return c <= 0;
      throw new Error(`unknown operator ${op}`);
    };
  };
  const term = (): Filter => {
    const parts = [factor()];
    while (peek() === 'and') {
      take();
      parts.push(factor());
    }
    return (e) => parts.every((p) => p(e));
  };
  const expr = (): Filter => {
    const parts = [term()];
    while (peek() === 'or') {
      take();
      parts.push(term());
    }
    return (e) => parts.some((p) => p(e));
  };
  const filter = expr();
  if (at !== tokens.length) throw new Error(`unexpected ${peek()}`);
  return filter;
}

// --- the server -------------------------------------------------------------------------------------------------

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const bytes = gzipSync(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip', ...headers }).end(bytes);
};

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A distinct small JPEG per photo name (its colour from the name). */
async function photoBytes(name: string): Promise<Buffer> {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const colour = `#${(hash & 0xffffff).toString(16).padStart(6, '0')}`;
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: colour } }).jpeg({ quality: 70 }).toBuffer();
}

export async function startFakeReso(options: FakeResoOptions = {}): Promise<FakeReso> {
  const auth = options.auth ?? { token: 'reso-test-token' };
  const oauth = 'clientId' in auth ? auth : null;
  const maxPage = options.maxPageSize ?? 2;
  const mediaStyle = options.mediaStyle ?? 'resource';
  const issued = new Map<string, number>(); // token → expires at (ms)
  const faults: { status: number; retryAfter?: number }[] = [];
  const photoCache = new Map<string, Buffer>();

  const state: FakeReso = {
    url: '',
    tokenUrl: '',
    origin: '',
    token: 'token' in auth ? auth.token : '',
    clientId: oauth?.clientId ?? '',
    clientSecret: oauth?.clientSecret ?? '',
    properties: [],
    media: [],
    members: [],
    requests: [],
    tokensIssued: 0,
    refusedTokens: 0,
    rateLimitNext: (count, retryAfterSeconds) => faults.push(...Array.from({ length: count }, () => ({ status: 429, retryAfter: retryAfterSeconds }))),
    failNext: (count, status) => faults.push(...Array.from({ length: count }, () => ({ status }))),
    expireTokens: () => {
      for (const token of issued.keys()) issued.set(token, 0);
    },
    photoUrl: (listingKey, n) => {
      const path = `${state.origin}/photos/${encodeURIComponent(listingKey)}-${n}.jpg`;
      return options.photoUrlLifetimeSeconds ? `${path}?expires=${Date.now() + options.photoUrlLifetimeSeconds * 1000}` : path;
    },
    close: async () => {},
  };

  const authorized = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    if (!oauth) return header === `Bearer ${state.token}`;
    const expires = issued.get(header.replace(/^Bearer /, ''));
    return expires !== undefined && expires > Date.now();
  };

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    state.tokensIssued++;
    const form = new URLSearchParams(await body(req));
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent) as [string, string];
    if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
    if (!oauth || id !== oauth.clientId || secret !== oauth.clientSecret) return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const lifetime = oauth.tokenLifetimeSeconds ?? 3600;
    const accessToken = `tok-${state.tokensIssued}-${Math.random().toString(36).slice(2)}`;
    issued.set(accessToken, Date.now() + lifetime * 1000);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: lifetime });
  }

  function photo(url: URL, req: IncomingMessage, res: ServerResponse): void {
    if (options.photosNeedToken && !authorized(req)) return void res.writeHead(401).end();
    const expires = url.searchParams.get('expires');
    if (expires && Number(expires) < Date.now()) return void res.writeHead(403, { 'content-type': 'text/plain' }).end('Request has expired');
    const name = url.pathname.slice('/photos/'.length);
    const cached = photoCache.get(name);
    const send = (bytes: Buffer) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) }).end(bytes);
    if (cached) return void send(cached);
    void photoBytes(name).then((bytes) => {
      photoCache.set(name, bytes);
      send(bytes);
    });
  }

  function resource(url: URL, res: ServerResponse): void {
    const name = url.pathname.replace(/^\/reso\//, '');
    const all: Record<string, Entity[]> = { Property: state.properties, Media: state.media, ...(options.memberResource === false ? {} : { Member: state.members }) };
    if (name === 'Media' && mediaStyle !== 'resource') return json(res, 404, { error: { code: '404', message: 'Resource not found' } });
    const rows = all[name];
    if (!rows) return json(res, 404, { error: { code: '404', message: 'Resource not found' } });
    const q = url.searchParams;
    let filter: Filter = () => true;
    try {
      if (q.get('$filter')) filter = parseFilter(q.get('$filter')!);
    } catch (error) {
      return json(res, 400, { error: { code: '400', message: `Invalid $filter: ${(error as Error).message}` } });
    }
    const expand = q.get('$expand');
    if (expand && (expand !== 'Media' || name !== 'Property' || mediaStyle !== 'expand')) return json(res, 400, { error: { code: '400', message: `$expand=${expand} is not supported` } });
    let found = rows.filter(filter);
    const orderBy = q.get('$orderby');
    if (orderBy) {
      const [field, direction] = orderBy.split(' ');
      found = [...found].sort((a, b) => String(a[field!] ?? '').localeCompare(String(b[field!] ?? '')) * (direction === 'desc' ? -1 : 1));
    }
    const skip = Number(q.get('$skip') ?? 0);
    const top = Math.min(Number(q.get('$top') ?? maxPage), maxPage);
    const select = q.get('$select')?.split(',').map((f) => f.trim());
    // Signed photo URLs are signed afresh in every answer, as a vendor's CDN does.
    const signed = (item: Entity): Entity =>
      options.photoUrlLifetimeSeconds && typeof item.MediaURL === 'string'
        ? { ...item, MediaURL: `${item.MediaURL.split('?')[0]}?expires=${Date.now() + options.photoUrlLifetimeSeconds * 1000}` }
        : item;
    const withMedia = (entity: Entity): Entity => {
      if (name === 'Media') return signed(entity);
      if (name !== 'Property' || (mediaStyle === 'expand' && !expand) || mediaStyle === 'resource') return entity;
      return { ...entity, Media: state.media.filter((m) => m.ResourceRecordKey === entity.ListingKey).map(signed) };
    };
    const page = found.slice(skip, skip + top).map(withMedia).map((entity) => (select ? Object.fromEntries(select.map((f) => [f, entity[f]])) : entity));
    const out: Record<string, unknown> = { '@odata.context': `${state.url}/$metadata#${name}`, value: page };
    if (skip + top < found.length && options.serverPaging !== false) {
      const next = new URLSearchParams(q);
      next.set('$skip', String(skip + top));
      // Some vendors hand back an absolute link, some a relative one: this server alternates.
      const path = `${name}?${next.toString()}`;
      out['@odata.nextLink'] = skip % 2 === 0 ? `${state.url}/${path}` : path;
    }
    json(res, 200, out);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname === '/oauth/token' && req.method === 'POST') return void token(req, res);
    if (url.pathname.startsWith('/photos/')) return photo(url, req, res);
    const fault = faults.shift();
    if (fault) return json(res, fault.status, { error: { message: fault.status === 429 ? 'Too many requests' : 'Service unavailable' } }, fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {});
    if (req.headers['accept-encoding']?.includes('gzip') !== true) return json(res, 400, { error: { message: 'COMPRESSION REQUIRED' } });
    if (!authorized(req)) {
      state.refusedTokens++;
      return json(res, 401, { error: { message: 'invalid or expired token' } });
    }
    resource(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.origin = `http://127.0.0.1:${port}`;
  state.url = `${state.origin}/reso`;
  state.tokenUrl = `${state.origin}/oauth/token`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
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

/** The Media records of `count` photos of a listing (Order 0… in RESO convention), on the fake's photo URLs. */
export function resoPhotos(reso: FakeReso, listingKey: string, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, n) => ({
    MediaKey: `${listingKey}-M${n}`,
    ResourceName: 'Property',
    ResourceRecordKey: listingKey,
    MediaCategory: 'Photo',
    MediaType: 'image/jpeg',
    Order: n,
    MediaURL: reso.photoUrl(listingKey, n),
    ModificationTimestamp: '2026-05-01T10:00:00Z',
  }));
}

/** A RESO Member. */
export function resoMember(mlsId: string, status: 'Active' | 'Inactive', name = `Agent ${mlsId}`): Record<string, unknown> {
  return { MemberKey: `MK-${mlsId}`, MemberMlsId: mlsId, MemberStatus: status, MemberFullName: name, ModificationTimestamp: '2026-01-01T00:00:00Z' };
}
