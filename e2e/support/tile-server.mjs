// A map tile server for browser tests (no network in tests): 256 px PNG tiles drawn like a street map — blocks, streets,
// an avenue and a park — at /tiles/{z}/{x}/{y}.png, so screenshots show what a real map looks like.
import { createServer } from 'node:http';
import sharp from 'sharp';

const port = Number(process.env.PORT ?? 0);
const cache = new Map();

function tileSvg(z, x, y) {
  const park = (x * 7 + y * 3) % 5 === 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#f2efe9"/>
    ${park ? '<rect x="70" y="70" width="116" height="116" fill="#c8facc"/>' : ''}
    <g stroke="#ffffff" stroke-width="7">
      <line x1="0" y1="0" x2="256" y2="0"/><line x1="0" y1="64" x2="256" y2="64"/><line x1="0" y1="192" x2="256" y2="192"/>
      <line x1="0" y1="0" x2="0" y2="256"/><line x1="64" y1="0" x2="64" y2="256"/><line x1="192" y1="0" x2="192" y2="256"/>
    </g>
    <line x1="128" y1="0" x2="128" y2="256" stroke="#f7fabf" stroke-width="10"/>
    <line x1="0" y1="128" x2="256" y2="128" stroke="#fcd6a4" stroke-width="12"/>
    <text x="6" y="250" font-family="sans-serif" font-size="9" fill="#9a948a">${z}/${x}/${y}</text>
  </svg>`;
}

const server = createServer(async (request, response) => {
  if (request.url === '/healthz') return void response.writeHead(200).end('ok');
  const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
  if (!match) return void response.writeHead(404).end();
  const key = match.slice(1).join('/');
  if (!cache.has(key)) cache.set(key, sharp(Buffer.from(tileSvg(...match.slice(1).map(Number)))).png().toBuffer());
  const png = await cache.get(key);
  response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=604800', 'access-control-allow-origin': '*' }).end(png);
});
server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
