import { createServer, type Server } from 'node:http';

/** A local fake of the three S3 calls we use (PUT/GET/DELETE object, path-style), for contract tests. */
export async function startFakeS3(): Promise<{ endpoint: string; objects: Map<string, Buffer>; close(): Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1)); // bucket/key
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, decodeAwsChunked(Buffer.concat(chunks), req.headers));
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const body = objects.get(key);
        if (!body) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        } else {
          res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' }).end(body);
        }
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { endpoint: `http://127.0.0.1:${port}`, objects, close: () => new Promise((r) => server.close(() => r())) };
}

/** The SDK may stream uploads with aws-chunked encoding ("<hex size>;chunk-signature=…\r\n<data>\r\n … 0\r\n"). */
function decodeAwsChunked(body: Buffer, headers: Record<string, string | string[] | undefined>): Buffer {
  const encoding = String(headers['content-encoding'] ?? '');
  if (!encoding.includes('aws-chunked') && !headers['x-amz-decoded-content-length']) return body;
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
