// A local RESO Web API server for `npm run bench -- mls`, run as its own process: a generated market of COUNT listings
// (two photos each, Media inline as Bridge sends them), made on request from each listing's index so it holds no
// records in memory; replication by ModificationTimestamp (listing i changed at BASE + i seconds), server-driven
// paging by @odata.nextLink, a bearer token. Prints its port on stdout when listening.
import { createServer } from 'node:http';
import { generatedListing, BENCH_BASE_TIME, BENCH_TOKEN } from './mls-market';

const count = Number(process.argv[2] ?? 100_000);
const MAX_TOP = 1000;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.headers.authorization !== `Bearer ${BENCH_TOKEN}`) return void res.writeHead(401).end();
  if (url.pathname !== '/reso/Property') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"Resource not found"}}');
  const filter = url.searchParams.get('$filter') ?? '';
  const since = /ModificationTimestamp gt (\S+)/.exec(filter)?.[1];
  // Listing i is modified at BENCH_BASE_TIME + i s: the first one after `since` is found by arithmetic, not a scan.
  const first = since ? Math.max(0, Math.floor((Date.parse(since) - BENCH_BASE_TIME) / 1000) + 1) : 0;
  const skip = Number(url.searchParams.get('$skip') ?? 0);
  const top = Math.min(MAX_TOP, Number(url.searchParams.get('$top') ?? 200));
  const keysOnly = url.searchParams.get('$select') === 'ListingKey';
  const from = first + skip;
  const to = Math.min(count, from + top);
  const value = [];
  for (let i = from; i < to; i++) value.push(keysOnly ? { ListingKey: `BK${i}` } : generatedListing(i, `http://127.0.0.1:${port}`));
  const body: Record<string, unknown> = { value };
  if (to < count) {
    const next = new URLSearchParams(url.searchParams);
    next.set('$skip', String(skip + top));
    body['@odata.nextLink'] = `http://127.0.0.1:${port}/reso/Property?${next.toString()}`;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});

let port = 0;
server.listen(0, '127.0.0.1', () => {
  port = (server.address() as { port: number }).port;
  process.stdout.write(`${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
