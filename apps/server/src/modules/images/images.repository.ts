import type { Database } from '@cma/db';

export interface PropertyImageRow {
  id: string;
  user_id: string;
  property_id: string;
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  original_name: string;
  created_at: Date | string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createImagesRepository(database: Database) {
  return {
    async insert(row: Omit<PropertyImageRow, 'created_at'> & { source_listing_id?: string | null }, at: Date): Promise<void> {
      await database.query(
        `insert into property_images(id, user_id, property_id, storage_key, content_type, width, height, byte_size, original_name, source_listing_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [row.id, row.user_id, row.property_id, row.storage_key, row.content_type, row.width, row.height, row.byte_size, row.original_name, row.source_listing_id ?? null, at],
      );
    },
    async listForProperty(userId: string, propertyId: string): Promise<PropertyImageRow[]> {
      return database.query<PropertyImageRow>(
        'select * from property_images where user_id = $1 and property_id = $2 order by created_at, id',
        [userId, propertyId],
      );
    },
    async countForProperty(userId: string, propertyId: string): Promise<number> {
      const [row] = await database.query<{ n: number }>('select count(*)::int as n from property_images where user_id = $1 and property_id = $2', [userId, propertyId]);
      return row?.n ?? 0;
    },
    /** The image when it exists and belongs to the user (others' ids look exactly like missing ones). */
    async findOwned(userId: string, imageId: string): Promise<PropertyImageRow | undefined> {
      if (!UUID.test(imageId)) return undefined;
      const [row] = await database.query<PropertyImageRow>('select * from property_images where id = $1 and user_id = $2', [imageId, userId]);
      return row;
    },
    async delete(imageId: string): Promise<void> {
      await database.query('delete from property_images where id = $1', [imageId]);
    },
    /** Records that the listing's photos go into the user's property; false when they already did (atomic across instances). */
    async claimListingCopy(userId: string, propertyId: string, listingId: string, at: Date): Promise<boolean> {
      const rows = await database.query(
        `insert into listing_photo_copies(user_id, property_id, listing_id, copied_at) values ($1, $2, $3, $4)
         on conflict do nothing returning listing_id`,
        [userId, propertyId, listingId, at],
      );
      return rows.length === 1;
    },
    /**
     * Deletes, in one statement, up to `limit` claims copied before `copiedBefore` whose property no saved report of
     * the user mentions (a text search of the state), with their copied photos (never the agent's uploads; claims whose
     * copies are all gone already are kept, so photos the agent deleted stay gone). Returns the deleted photos' files.
     */
    async pruneUnusedListingCopies(copiedBefore: Date, limit: number): Promise<{ claims: number; storageKeys: string[] }> {
      return database.transaction(async (tx) => {
        const claims = await tx.query<{ user_id: string; property_id: string; listing_id: string }>(
          `delete from listing_photo_copies c
           where (c.user_id, c.property_id, c.listing_id) in (
             select s.user_id, s.property_id, s.listing_id from listing_photo_copies s
             where s.copied_at < $1
               and exists (select 1 from property_images i where i.user_id = s.user_id and i.property_id = s.property_id and i.source_listing_id = s.listing_id)
               and not exists (select 1 from report_history h where h.user_id = s.user_id and h.deleted_at is null and strpos(h.state, s.property_id) > 0)
             limit $2)
           returning c.user_id, c.property_id, c.listing_id`,
          [copiedBefore, limit],
        );
        const storageKeys: string[] = [];
        for (const claim of claims) {
          const images = await tx.query<{ storage_key: string }>(
            'delete from property_images where user_id = $1 and property_id = $2 and source_listing_id = $3 returning storage_key',
            [claim.user_id, claim.property_id, claim.listing_id],
          );
          storageKeys.push(...images.map((row) => row.storage_key));
        }
        return { claims: claims.length, storageKeys };
      });
    },
    async releaseListingCopy(userId: string, propertyId: string, listingId: string): Promise<void> {
      await database.query('delete from listing_photo_copies where user_id = $1 and property_id = $2 and listing_id = $3', [userId, propertyId, listingId]);
    },
  };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
