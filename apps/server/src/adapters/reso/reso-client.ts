// RESO Web API (OData v4) client, as MLS vendors serve it: a bearer token or OAuth2 client credentials (token cached,
// renewed before it expires and on a 401), server-driven paging by @odata.nextLink, back-off on 429 and 5xx honouring
// Retry-After, and the Property, Media and Member resources. Plain fetch; OAuth2 through @badgateway/oauth2-client.
import { OAuth2Client, OAuth2Fetch, OAuth2HttpError, type OAuth2Token } from '@badgateway/oauth2-client';

export type ResoEntity = Record<string, unknown>;

export type ResoAuth =
  | { kind: 'token'; token: string }
  | { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string | null };

export interface ResoClientOptions {
  /** Service root, e.g. https://api.mls.example/reso/odata */
  url: string;
  auth?: ResoAuth | null;
  /** $top of each page (Bridge allows 200, Trestle 1,000, MLS Grid 5,000). */
  pageSize?: number;
  timeoutMs?: number;
  /** Tries of one request on 429, 5xx or a dropped connection before it fails. */
  maxTries?: number;
  /** The longest wait between tries (a Retry-After beyond it fails the request instead). */
  maxWaitMs?: number;
  fetchFn?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type ResoFailure = 'unreachable' | 'refused' | 'http' | 'malformed';

/** What went wrong, in one line an operator can act on; never a credential. */
export class ResoError extends Error {
  constructor(
    message: string,
    readonly failure: ResoFailure,
    readonly status?: number,
  ) {
    super(message);
  }
}

const RETRIED = new Set([429, 500, 502, 503, 504]);
/** Renew an OAuth2 token this long before it expires (or halfway through a shorter life). */
const RENEW_BEFORE_MS = 60_000;
/** Keys per Media or Member query: the $filter stays well inside URL limits. */
const KEYS_PER_QUERY = 40;

/** The system error code under a failed fetch (ECONNREFUSED, ENOTFOUND …), or the error's name. */
function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error instanceof Error ? error.name : 'error');
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function createResoClient(options: ResoClientOptions) {
  const root = options.url.replace(/\/+$/, '');
  const origin = new URL(root).origin;
  const fetchFn = options.fetchFn ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const pageSize = options.pageSize ?? 200;
  const maxTries = options.maxTries ?? 6;
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const auth = options.auth ?? null;
  const where = (url: string) => url.split('?')[0];

  /** One request with back-off: 429 and 5xx wait for Retry-After (or 1 s, 2 s, 4 s …); a dropped connection is tried again too. */
  async function withBackoff(request: Request): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetchFn(request.clone(), { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        if (attempt >= maxTries) {
          const cause = errorCode(error);
          throw new ResoError(`cannot reach ${where(request.url)} (${cause})`, 'unreachable');
        }
        await sleep(Math.min(maxWaitMs, 1000 * 2 ** (attempt - 1)));
        continue;
      }
      if (!RETRIED.has(response.status) || attempt >= maxTries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? Math.min(maxWaitMs, 1000 * 2 ** (attempt - 1));
      if (wait > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  }

  // OAuth2: the wrapper keeps the token, fetches a new one when it has expired and retries once on a 401. Tokens are
  // handed to it as expiring a little early, so a token is renewed before the server would refuse it.
  const oauth =
    auth?.kind === 'oauth2'
      ? (() => {
          const client = new OAuth2Client({
            clientId: auth.clientId,
            clientSecret: auth.clientSecret,
            tokenEndpoint: auth.tokenUrl,
            authenticationMethod: 'client_secret_post',
            fetch: (input, init) => withBackoff(new Request(input, init)),
          });
          return new OAuth2Fetch({
            client,
            scheduleRefresh: false,
            getNewToken: async (): Promise<OAuth2Token> => {
              try {
                const token = await client.clientCredentials(auth.scope ? { scope: auth.scope.split(/\s+/) } : undefined);
                if (token.expiresAt === null) return token;
                const life = token.expiresAt - Date.now();
                return { ...token, expiresAt: token.expiresAt - Math.min(RENEW_BEFORE_MS, life / 2) };
              } catch (error) {
                if (error instanceof ResoError) throw error;
                const detail = error instanceof OAuth2HttpError ? `${error.httpCode}${error.oauth2Code ? ` ${error.oauth2Code}` : ''}` : (error as Error).message;
                throw new ResoError(`the token endpoint refused the client credentials (${detail})`, 'refused');
              }
            },
          });
        })()
      : null;

  /** A request with our credentials (the bearer token, or the OAuth2 token renewed as needed), with back-off. */
  async function sendSigned(request: Request): Promise<Response> {
    if (oauth) return oauth.mw()(request, withBackoff);
    if (auth?.kind === 'token') request.headers.set('authorization', `Bearer ${auth.token}`);
    return withBackoff(request);
  }

  // MLS Grid refuses a request that does not accept gzip.
  const send = (url: string) => sendSigned(new Request(url, { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } }));

  async function getJson(url: string): Promise<{ value: ResoEntity[]; nextLink?: string }> {
    const response = await send(url);
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ResoError(`${where(url)} refused the credentials (${response.status})`, 'refused', response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ResoError(`${where(url)} answered ${response.status} ${response.statusText}`.trim(), 'http', response.status);
    }
    let body: { value?: unknown; '@odata.nextLink'?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new ResoError(`${where(url)} sent a page that is not JSON`, 'malformed');
    }
    if (!body || !Array.isArray(body.value)) throw new ResoError(`${where(url)} sent a page without a value array`, 'malformed');
    const next = body['@odata.nextLink'];
    return { value: body.value as ResoEntity[], nextLink: typeof next === 'string' && next !== '' ? next : undefined };
  }

  const resourceUrl = (resource: string, query: Record<string, string | undefined>) => {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
    return `${root}/${resource}?${params.toString().replace(/\+/g, '%20')}`;
  };

  /**
   * Every page of a query, following @odata.nextLink (resolved against the service root; never to another host, which
   * would get our token). A server that pages only when asked (no nextLink, but a full page of $top rows) is asked for
   * the next rows with $skip.
   */
  async function* pages(resource: string, query: Record<string, string | undefined>): AsyncGenerator<ResoEntity[]> {
    let url: string | undefined = resourceUrl(resource, query);
    const top = Number(query.$top ?? 0);
    let skipped = 0;
    let previousFirst = '';
    for (let guard = 0; url; guard++) {
      if (guard > 1_000_000) throw new ResoError('paging did not end', 'malformed');
      const page = await getJson(url);
      const first = JSON.stringify(page.value[0] ?? null);
      if (guard > 0 && page.value.length > 0 && first === previousFirst) throw new ResoError(`${resource} paging returned the same page again`, 'malformed');
      previousFirst = first;
      yield page.value;
      if (page.nextLink) {
        const next = new URL(page.nextLink, `${root}/`);
        if (next.origin !== origin) throw new ResoError(`${resource} paging pointed to another host (${next.origin})`, 'malformed');
        url = next.toString();
      } else if (top > 0 && page.value.length >= top) {
        skipped += page.value.length;
        url = resourceUrl(resource, { ...query, $skip: String(skipped) });
      } else url = undefined;
    }
  }

  async function collect(resource: string, query: Record<string, string | undefined>): Promise<ResoEntity[]> {
    const all: ResoEntity[] = [];
    for await (const page of pages(resource, query)) all.push(...page);
    return all;
  }

  const and = (...clauses: (string | null | undefined)[]) => {
    const present = clauses.filter((c): c is string => !!c && c.trim() !== '');
    return present.length === 0 ? undefined : present.length === 1 ? present[0] : present.map((c) => `(${c})`).join(' and ');
  };
  const anyOf = (field: string, values: string[]) => values.map((v) => `${field} eq ${quote(v)}`).join(' or ');

  return {
    /** Properties modified after `since` (all when null), oldest change first, page by page. */
    properties(since: Date | null, query: { filter?: string | null; expandMedia?: boolean; top?: number } = {}): AsyncGenerator<ResoEntity[]> {
      return pages('Property', {
        $filter: and(since ? `ModificationTimestamp gt ${since.toISOString()}` : null, query.filter),
        $orderby: 'ModificationTimestamp asc',
        $top: String(query.top ?? pageSize),
        $expand: query.expandMedia ? 'Media' : undefined,
      });
    },

    /** One Property by its ListingKey (with its Media when asked), or null. */
    async property(listingKey: string, query: { expandMedia?: boolean } = {}): Promise<ResoEntity | null> {
      const page = await getJson(resourceUrl('Property', { $filter: `ListingKey eq ${quote(listingKey)}`, $top: '1', $expand: query.expandMedia ? 'Media' : undefined }));
      return page.value[0] ?? null;
    },

    /** Every ListingKey the feed holds now (for reconciling withdrawals), page by page. */
    propertyKeys(filter?: string | null): AsyncGenerator<ResoEntity[]> {
      return pages('Property', { $select: 'ListingKey', $filter: and(filter), $top: String(pageSize) });
    },

    /** Media of the given listing keys. */
    async media(listingKeys: string[]): Promise<ResoEntity[]> {
      const all: ResoEntity[] = [];
      for (let i = 0; i < listingKeys.length; i += KEYS_PER_QUERY) {
        const keys = listingKeys.slice(i, i + KEYS_PER_QUERY);
        all.push(...(await collect('Media', { $filter: and("ResourceName eq 'Property'", anyOf('ResourceRecordKey', keys)), $top: '1000' })));
      }
      return all;
    },

    /** Member records with these MemberMlsIds. */
    async members(memberIds: string[]): Promise<ResoEntity[]> {
      const all: ResoEntity[] = [];
      for (let i = 0; i < memberIds.length; i += KEYS_PER_QUERY) {
        all.push(...(await collect('Member', { $filter: anyOf('MemberMlsId', memberIds.slice(i, i + KEYS_PER_QUERY)), $top: '1000' })));
      }
      return all;
    },

    /** Whether the service answers a one-row query of `resource` (false on 400, 403, 404, 501: the vendor does not serve it). */
    async serves(resource: string, query: Record<string, string> = {}): Promise<boolean> {
      try {
        await getJson(resourceUrl(resource, { $top: '1', ...query }));
        return true;
      } catch (error) {
        if (error instanceof ResoError && error.failure !== 'unreachable' && (error.status === undefined || [400, 403, 404, 405, 501].includes(error.status))) return false;
        throw error;
      }
    },

    /**
     * A photo's bytes (at most maxBytes). Our token goes only to the RESO service's own host; MLS photo URLs elsewhere
     * (a CDN, usually signed) are fetched without it.
     */
    async photo(url: string, maxBytes: number): Promise<{ bytes: Buffer; status: number }> {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new ResoError(`photo URL is not http(s): ${target.protocol}`, 'malformed');
      const request = new Request(target, { headers: { accept: 'image/*' } });
      const response = target.origin === origin ? await sendSigned(request) : await withBackoff(request);
      if (!response.ok) {
        await response.body?.cancel();
        return { bytes: Buffer.alloc(0), status: response.status };
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw new ResoError(`photo is larger than ${maxBytes} bytes`, 'malformed');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > maxBytes) throw new ResoError(`photo is larger than ${maxBytes} bytes`, 'malformed');
        chunks.push(Buffer.from(chunk));
      }
      return { bytes: Buffer.concat(chunks), status: response.status };
    },
  };
}
export type ResoClient = ReturnType<typeof createResoClient>;
