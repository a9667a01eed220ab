// RESO Web API (OData v4) client: Property and Media resources, bearer token, server-driven paging by
// @odata.nextLink, incremental by ModificationTimestamp. Plain fetch; no vendor SDK.

export type ResoEntity = Record<string, unknown>;

export interface ResoClientOptions {
  /** Service root, e.g. https://api.mls.example/reso/odata */
  url: string;
  token?: string;
  pageSize?: number;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

export class ResoError extends Error {}

export function createResoClient(options: ResoClientOptions) {
  const root = options.url.replace(/\/+$/, '');
  const fetchFn = options.fetchFn ?? fetch;
  const pageSize = options.pageSize ?? 200;

  async function getJson(url: string): Promise<{ value: ResoEntity[]; nextLink?: string }> {
    const response = await fetchFn(url, {
      headers: { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new ResoError(`RESO ${response.status} ${response.statusText} for ${url.split('?')[0]}`);
    const body = (await response.json()) as { value?: unknown; '@odata.nextLink'?: unknown };
    if (!Array.isArray(body.value)) throw new ResoError(`RESO response without a value array from ${url.split('?')[0]}`);
    return { value: body.value as ResoEntity[], nextLink: typeof body['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : undefined };
  }

  /** Every page of a query, following @odata.nextLink (relative links resolved against the service root). */
  async function* pages(resource: string, query: Record<string, string>): AsyncGenerator<ResoEntity[]> {
    const params = new URLSearchParams(query);
    let url: string | undefined = `${root}/${resource}?${params.toString().replace(/\+/g, '%20')}`;
    let guard = 0;
    while (url) {
      const page = await getJson(url);
      yield page.value;
      url = page.nextLink ? new URL(page.nextLink, `${root}/`).toString() : undefined;
      if (++guard > 100_000) throw new ResoError('RESO paging did not end');
    }
  }

  return {
    /** Properties modified after `since` (all when null), oldest change first, page by page. */
    properties(since: Date | null): AsyncGenerator<ResoEntity[]> {
      const query: Record<string, string> = { $orderby: 'ModificationTimestamp asc', $top: String(pageSize) };
      if (since) query.$filter = `ModificationTimestamp gt ${since.toISOString()}`;
      return pages('Property', query);
    },
    /** Photos of the given listing keys, ordered. */
    async media(listingKeys: string[]): Promise<ResoEntity[]> {
      if (listingKeys.length === 0) return [];
      const keys = listingKeys.map((key) => `ResourceRecordKey eq '${key.replace(/'/g, "''")}'`).join(' or ');
      const all: ResoEntity[] = [];
      for await (const page of pages('Media', { $filter: `ResourceName eq 'Property' and (${keys})`, $orderby: 'Order asc', $top: '1000' })) all.push(...page);
      return all;
    },
  };
}
export type ResoClient = ReturnType<typeof createResoClient>;
