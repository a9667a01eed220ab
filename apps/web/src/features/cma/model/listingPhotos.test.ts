import { describe, expect, it } from 'vitest';
import { listingPhotoCopyOf } from './listingPhotos';
import { blankRecord, type CmaRecord } from './records';

const fromDatabase = (changes: Partial<CmaRecord> = {}): CmaRecord => ({
  ...blankRecord(),
  uuid: '6f1c2a4e-0000-4000-8000-00000000000a',
  'Listing Id': 'DEMO-000042',
  listingSource: 'demo',
  propertyImages: ['/api/listing-photos/demo/DEMO-000042/1.svg', '/api/listing-photos/demo/DEMO-000042/2.svg'],
  ...changes,
});

describe('listingPhotoCopyOf', () => {
  it("asks for a database listing's photos under the record's uuid, with the listing's source", () => {
    expect(listingPhotoCopyOf(fromDatabase())).toEqual({ listing_id: 'DEMO-000042', source: 'demo', property_id: '6f1c2a4e-0000-4000-8000-00000000000a' });
    expect(listingPhotoCopyOf(fromDatabase({ 'Listing Id': 5510231 as never, listingSource: 'recolorado' }))).toMatchObject({ listing_id: '5510231', source: 'recolorado' });
  });

  it('asks again for photos copied earlier (the server copies only when its claim is gone: pruned, not deleted by the agent)', () => {
    expect(listingPhotoCopyOf(fromDatabase({ listingPhotosCopied: true }))).toEqual(listingPhotoCopyOf(fromDatabase()));
  });

  it('asks nothing for a listing without photos, or for records not from the database', () => {
    expect(listingPhotoCopyOf(fromDatabase({ propertyImages: [] }))).toBeNull();
    expect(listingPhotoCopyOf(fromDatabase({ 'Listing Id': '' }))).toBeNull();
    // A CSV row or a history entry of the older product (photos as data URLs) names no source.
    expect(listingPhotoCopyOf(fromDatabase({ listingSource: undefined, propertyImages: ['data:image/jpeg;base64,/9j/'] }))).toBeNull();
    expect(listingPhotoCopyOf(blankRecord())).toBeNull();
  });
});
