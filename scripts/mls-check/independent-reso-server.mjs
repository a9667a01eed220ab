// An independent RESO check: SAP's Fiori OData V4 mock server (@sap-ux/fe-mockserver-core, not ours) serves Property,
// Media and Member from a CSDL document and JSON data ($filter, $orderby, $top, $skip as SAP implements them); this
// wrapper only adds an OAuth2 client-credentials token endpoint, bearer checks and photo files.
import { createServer } from 'node:http';
import { writeFileSync, mkdirSync } from 'node:fs';
import mockserverModule from '@sap-ux/fe-mockserver-core';
const FEMockserver = mockserverModule.default ?? mockserverModule;
import sharp from 'sharp';

const PORT = Number(process.env.PORT ?? 4555);
const ORIGIN = `http://127.0.0.1:${PORT}`;
mkdirSync('data', { recursive: true });
// Six closed sales and two actives around Highland, Denver; two photos each.
const streets = ['Zuni St', 'Vallejo St', 'Tejon St', 'Umatilla St', 'Shoshone St', 'Raleigh St', 'Quivas St', 'Pecos St'];
const properties = streets.map((street, i) => ({
  ListingKey: `IND-${i + 1}`, ListingId: `I${1000 + i}`, StandardStatus: i < 6 ? 'Closed' : 'Active',
  StreetNumber: String(3200 + i * 12), StreetName: street.split(' ')[0], StreetSuffix: street.split(' ')[1], City: 'Denver', StateOrProvince: 'CO', PostalCode: '80211',
  Latitude: 39.7612 + i * 0.0011, Longitude: -105.0155 + i * 0.0009, LivingArea: 1500 + i * 70, BedroomsTotal: 3, BathroomsTotalInteger: 2, YearBuilt: 1905 + i * 3,
  ListPrice: 700000 + i * 15000, ...(i < 6 ? { ClosePrice: 710000 + i * 14000, CloseDate: `2026-0${3 + (i % 5)}-1${i}` } : {}),
  ModificationTimestamp: `2026-05-0${1 + i}T12:00:00Z`,
}));
const media = properties.flatMap((p) => [0, 1].map((n) => ({ MediaKey: `${p.ListingKey}-P${n}`, ResourceName: 'Property', ResourceRecordKey: p.ListingKey, MediaCategory: 'Photo', MediaURL: `${ORIGIN}/photos/${p.ListingKey}-${n}.jpg`, Order: n })));
const members = [
  { MemberKey: 'MK1', MemberMlsId: 'IND-ACTIVE', MemberStatus: 'Active', MemberFullName: 'Ada Active' },
  { MemberKey: 'MK2', MemberMlsId: 'IND-GONE', MemberStatus: 'Inactive', MemberFullName: 'Ivan Inactive' },
];
writeFileSync('data/Property.json', JSON.stringify(properties));
writeFileSync('data/Media.json', JSON.stringify(media));
writeFileSync('data/Member.json', JSON.stringify(members));

const mock = new FEMockserver({ services: [{ urlPath: '/reso', metadataPath: './reso-metadata.xml', mockdataPath: './data', noETag: true, generateMockData: false }], annotations: [] });
await mock.isReady;
const router = mock.getRouter();
const tokens = new Set();

const server = createServer(async (req, res) => {
  const url = new URL(req.url, ORIGIN);
  if (url.pathname === '/oauth/token') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    if (form.get('client_id') !== 'indep' || form.get('client_secret') !== 'indep-secret') return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
    const token = `t${Math.random().toString(36).slice(2)}`;
    tokens.add(token);
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 600 }));
  }
  if (url.pathname.startsWith('/photos/')) {
    // A drawn house per photo (a listing's colour, the photo's view), so photos are told apart on every screen.
    const [, key, n] = /^\/photos\/(.+)-(\d+)\.jpg$/.exec(url.pathname) ?? [];
    const hue = (Number(/\d+/.exec(key ?? '0')?.[0] ?? 0) * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc9ee"/><stop offset="1" stop-color="#e8f3fb"/></linearGradient></defs>
      <rect width="1800" height="1200" fill="url(#s)"/><rect y="880" width="1800" height="320" fill="#6e9a4f"/>
      <rect x="${n === '1' ? 420 : 560}" y="520" width="720" height="420" fill="hsl(${hue},35%,62%)"/><polygon points="${n === '1' ? '380,540 780,300 1180,540' : '520,540 920,300 1320,540'}" fill="hsl(${hue},30%,32%)"/>
      <rect x="${n === '1' ? 720 : 860}" y="740" width="120" height="200" fill="#5b3a22"/><rect x="${n === '1' ? 500 : 640}" y="620" width="140" height="110" fill="#dbe9f5"/><rect x="${n === '1' ? 940 : 1080}" y="620" width="140" height="110" fill="#dbe9f5"/>
      <text x="60" y="1140" font-family="sans-serif" font-size="64" fill="#fff">${key} · ${n === '1' ? 'side' : 'front'}</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  }
  if (!tokens.has((req.headers.authorization ?? '').replace('Bearer ', ''))) return void res.writeHead(401).end();
  if (process.env.LOG) console.error(req.method, decodeURIComponent(req.url));
  router(req, res, () => res.writeHead(404).end());
});
server.listen(PORT, '127.0.0.1', () => console.log(`independent RESO server at ${ORIGIN}/reso`));
