import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseListingsCsv } from '@cma/listings-import';
import { createTestApp, createUserWithSession, joinTestMls, multipart, testBackends, testMlsSource, type MultipartPart, type TestApp } from './helpers';
import { startFakeReso, type FakeReso } from './fake-reso';
import { createListingsRepository } from '../src/modules/listings/listings.repository';
import { demoPhotoPaths } from '../src/modules/listings/demo/demo-listings';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#c84' } })[format]().toBuffer();

describe.each(testBackends())('property images on %s', (backend) => {
  let t: TestApp;
  let owner: { userId: string; token: string };
  let other: { userId: string; token: string };
  let reso: FakeReso;
  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = await createUserWithSession(t);
    other = await createUserWithSession(t);
    // Both see the test MLS's listings.
    await joinTestMls(t, owner.userId);
    await joinTestMls(t, other.userId);
    reso = await startFakeReso();
  });
  afterAll(async () => {
    await t.close();
    await reso.close();
  });

  const upload = (token: string, parts: MultipartPart[]) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/store-property-images', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const post = (token: string, url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  it('stores PNG, JPEG and WebP as JPEGs of at most 1600 px without EXIF', async () => {
    const withExif = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#48c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'camera' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(owner.token, [
      { name: 'property_id', value: 'subject-uuid-1' },
      { name: 'images[]', value: await image(2400, 1600, 'png'), filename: 'front.png', type: 'image/png' },
      { name: 'images[]', value: withExif, filename: 'kitchen.jpg', type: 'image/jpeg' },
      { name: 'images[]', value: await image(500, 900, 'webp'), filename: 'yard.webp', type: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(200);
    const images = res.json().data;
    expect(images.map((i: any) => [i.original_name, i.width, i.height, i.content_type])).toEqual([
      ['front.png', 1600, 1067, 'image/jpeg'],
      ['kitchen.jpg', 800, 600, 'image/jpeg'],
      ['yard.webp', 500, 900, 'image/jpeg'],
    ]);
    const stored = await t.app.inject({ method: 'GET', url: images[1].url, headers: { authorization: `Bearer ${owner.token}` } });
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const listed = (await post(owner.token, '/api/get-images/subject-uuid-1')).json().data;
    expect(listed.map((i: any) => i.id)).toEqual(images.map((i: any) => i.id));
    const encoded = (await post(owner.token, '/api/encoded/img/list/subject-uuid-1')).json().data;
    expect(encoded).toHaveLength(3);
    expect(encoded[0].data_url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('refuses an executable renamed .png, an empty file, a missing property id, and sends nothing half-stored', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 1)]);
    const res = await upload(owner.token, [
      { name: 'property_id', value: 'subject-uuid-2' },
      { name: 'images[]', value: await image(300, 200, 'png'), filename: 'good.png', type: 'image/png' },
      { name: 'images[]', value: exe, filename: 'photo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.images).toEqual(['photo.png is not a PNG, JPEG or WebP image.']);
    expect((await post(owner.token, '/api/get-images/subject-uuid-2')).json().data).toEqual([]);

    const empty = await upload(owner.token, [{ name: 'property_id', value: 'subject-uuid-2' }, { name: 'images[]', value: Buffer.alloc(0), filename: 'blank.png' }]);
    expect(empty.json().data.images).toEqual(['blank.png is empty.']);
    const noId = await upload(owner.token, [{ name: 'images[]', value: await image(10, 10, 'png'), filename: 'a.png' }]);
    expect(noId.statusCode).toBe(422);
    expect(noId.json().data.property_id).toBeDefined();
    const notMultipart = await post(owner.token, '/api/store-property-images', { property_id: 'x' });
    expect(notMultipart.statusCode).toBe(422);
  });

  it('refuses a file over 10 MB and a damaged image with the right magic bytes', async () => {
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const big = await upload(owner.token, [{ name: 'property_id', value: 'p3' }, { name: 'images[]', value: huge, filename: 'big.jpg' }]);
    expect(big.statusCode).toBe(422);
    expect(big.json().data.images[0]).toMatch(/larger than 10 MB/);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    const damaged = await upload(owner.token, [{ name: 'property_id', value: 'p3' }, { name: 'images[]', value: broken, filename: 'broken.png' }]);
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().data.images[0]).toMatch(/could not be read/);
    const small = await image(20, 20, 'png');
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ name: 'images[]', value: small, filename: `p${i}.png` }));
    const tooMany = await upload(owner.token, [{ name: 'property_id', value: 'p3' }, ...thirteen]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().data.images[0]).toMatch(/at most 12 images/);
    expect((await post(owner.token, '/api/get-images/p3')).json().data).toEqual([]);
  });

  it("keeps each user's images private: another user's ids are 404 and their lists are empty", async () => {
    const res = await upload(owner.token, [{ name: 'property_id', value: 'private-1' }, { name: 'images[]', value: await image(100, 100, 'png'), filename: 'a.png' }]);
    const imageId = res.json().data[0].id;
    expect((await post(other.token, '/api/get-images/private-1')).json().data).toEqual([]);
    expect((await post(other.token, '/api/encoded/img/list/private-1')).json().data).toEqual([]);
    expect((await post(other.token, `/api/get-images/delete/${imageId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/property-image-file/${imageId}`, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    expect((await post(other.token, '/api/get-images/delete/not-a-uuid')).statusCode).toBe(404);
    expect((await post(owner.token, '/api/get-images/private-1')).json().data).toHaveLength(1);

    const deleted = await post(owner.token, `/api/get-images/delete/${imageId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await post(owner.token, '/api/get-images/private-1')).json().data).toEqual([]);
    expect((await post(owner.token, `/api/get-images/delete/${imageId}`)).statusCode).toBe(404);
  });

  it('requires a subscribed session on every image call', async () => {
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    for (const url of ['/api/get-images/x', '/api/encoded/img/list/x', '/api/get-images/delete/x', '/api/save-image-rets']) {
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      expect((await post(unsubscribed.token, url, { listing_id: 'x' })).json().status).toBe(99);
    }
    expect((await upload(unsubscribed.token, [{ name: 'property_id', value: 'x' }])).json().status).toBe(99);
  });

  it("copies a listing's photos (demo placeholders and MLS URLs) into the user's images", async () => {
    const repository = createListingsRepository(t.database);
    const csv = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price\nDEMO-000001,Closed,1,Elm St,Denver,CO,80209,1500,500000\nMLS-9,Closed,2,Oak St,Denver,CO,80209,1500,500000\n';
    const [demo, mls] = parseListingsCsv(csv, { format: 'recolorado' }).records;
    const photoBase = reso.url.replace('/reso', '');
    await repository.upsert(
      [
        // A listing whose photos are our demo placeholders, and one with MLS photo URLs.
        { source: 'recolorado', record: demo!, photoUrls: demoPhotoPaths('DEMO-000001'), mlsSourceId: await testMlsSource(t) },
        { source: 'reso', record: mls!, photoUrls: [`${photoBase}/photos/a.png`, `${photoBase}/photos/b.png`], mlsSourceId: await testMlsSource(t) },
      ],
      new Date(),
    );
    const fromDemo = await post(owner.token, '/api/save-image-rets', { listing_id: 'DEMO-000001', property_id: 'subject-uuid-9' });
    expect(fromDemo.statusCode).toBe(200);
    expect(fromDemo.json().data).toHaveLength(3);
    expect(fromDemo.json().data[0]).toMatchObject({ property_id: 'subject-uuid-9', content_type: 'image/jpeg', width: 1024 });

    const fromMls = await post(owner.token, '/api/save-image-rets', { listing_id: 'MLS-9' });
    expect(fromMls.json().data.map((i: any) => [i.property_id, i.width])).toEqual([['MLS-9', 1600], ['MLS-9', 1600]]);
    expect((await post(other.token, '/api/get-images/MLS-9')).json().data).toEqual([]);
    expect((await post(owner.token, '/api/save-image-rets', { listing_id: 'NOPE-1' })).statusCode).toBe(404);
  });

  it("copies a listing's photos into a property once, even when asked twice at the same moment or after the copies were deleted", async () => {
    const csv = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price\nDEMO-000002,Closed,3,Elm St,Denver,CO,80209,1500,500000\n';
    await createListingsRepository(t.database).upsert([{ source: 'recolorado', record: parseListingsCsv(csv, { format: 'recolorado' }).records[0]!, photoUrls: demoPhotoPaths('DEMO-000002'), mlsSourceId: await testMlsSource(t) }], new Date());
    const copy = () => post(owner.token, '/api/save-image-rets', { listing_id: 'DEMO-000002', source: 'recolorado', property_id: 'comp-uuid-1' });

    const answers = await Promise.all([copy(), copy()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const stored = (await post(owner.token, '/api/get-images/comp-uuid-1')).json().data as { id: string }[];
    expect(stored).toHaveLength(3);
    expect((await copy()).json().data.map((i: any) => i.id)).toEqual(stored.map((i) => i.id));

    for (const image of stored) expect((await post(owner.token, `/api/get-images/delete/${image.id}`)).statusCode).toBe(200);
    expect((await copy()).json().data).toEqual([]);
  });

  it("copies listing photos only into the caller's own photos: another user's property of the same id is untouched", async () => {
    const csv = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price\nDEMO-000003,Closed,5,Elm St,Denver,CO,80209,1500,500000\n';
    await createListingsRepository(t.database).upsert([{ source: 'recolorado', record: parseListingsCsv(csv, { format: 'recolorado' }).records[0]!, photoUrls: demoPhotoPaths('DEMO-000003'), mlsSourceId: await testMlsSource(t) }], new Date());
    const uploaded = await upload(other.token, [{ name: 'property_id', value: 'shared-uuid' }, { name: 'images[]', value: await image(100, 100, 'png'), filename: 'mine.png' }]);
    const othersPhoto = uploaded.json().data[0].id as string;

    const copied = await post(owner.token, '/api/save-image-rets', { listing_id: 'DEMO-000003', source: 'recolorado', property_id: 'shared-uuid' });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data).toHaveLength(3);
    expect((await post(other.token, '/api/get-images/shared-uuid')).json().data.map((i: any) => i.id)).toEqual([othersPhoto]);

    // The owner's copy does not count as the other user's: they get their own.
    const theirs = await post(other.token, '/api/save-image-rets', { listing_id: 'DEMO-000003', source: 'recolorado', property_id: 'shared-uuid' });
    expect(theirs.json().data).toHaveLength(4);
    expect((await post(owner.token, '/api/get-images/shared-uuid')).json().data).toHaveLength(3);
  });

  it('lets a failed copy be tried again', async () => {
    const csv = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price\nMLS-11,Closed,7,Oak St,Denver,CO,80209,1500,500000\n';
    const unreachable = `${reso.url.replace('/reso', '')}/gone/a.png`;
    await createListingsRepository(t.database).upsert([{ source: 'reso', record: parseListingsCsv(csv, { format: 'recolorado' }).records[0]!, photoUrls: [unreachable], mlsSourceId: await testMlsSource(t) }], new Date());
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await post(owner.token, '/api/save-image-rets', { listing_id: 'MLS-11', source: 'reso', property_id: 'comp-uuid-2' });
      expect(res.statusCode).toBe(422);
      expect(res.json().data.listing_id[0]).toMatch(/could not be downloaded/);
    }
  });
});
