import type { Database } from '@cma/db';

export interface BrandKitRow {
  brand_colour: string | null;
  tagline: string;
  bio: string;
  cover_letter_template: string;
  brokerage_logo_key: string | null;
  default_pages: unknown;
}

/** The text fields a save may change; undefined leaves a field as it is. */
export interface BrandKitChanges {
  brand_colour?: string | null;
  tagline?: string;
  bio?: string;
  cover_letter_template?: string;
  /** undefined keeps the stored logo, null removes it. */
  brokerage_logo_key?: string | null;
  default_pages?: unknown;
}

const COLUMNS = 'brand_colour, tagline, bio, cover_letter_template, brokerage_logo_key, default_pages';

export function createBrandKitRepository(database: Database) {
  return {
    async find(userId: string): Promise<BrandKitRow | undefined> {
      return (await database.query<BrandKitRow>(`select ${COLUMNS} from brand_kits where user_id = $1`, [userId]))[0];
    },

    /** Inserts the row or changes only the given fields; returns the row as stored. */
    async save(userId: string, changes: BrandKitChanges, at: Date): Promise<BrandKitRow> {
      const has = (key: keyof BrandKitChanges) => changes[key] !== undefined;
      const pages = changes.default_pages === undefined ? null : JSON.stringify(changes.default_pages);
      const [row] = await database.query<BrandKitRow>(
        `insert into brand_kits (user_id, brand_colour, tagline, bio, cover_letter_template, brokerage_logo_key, default_pages, updated_at)
         values ($1, $2, coalesce($3, ''), coalesce($4, ''), coalesce($5, ''), $6, $7::jsonb, $11)
         on conflict (user_id) do update set
           brand_colour = case when $8 then excluded.brand_colour else brand_kits.brand_colour end,
           tagline = coalesce($3, brand_kits.tagline),
           bio = coalesce($4, brand_kits.bio),
           cover_letter_template = coalesce($5, brand_kits.cover_letter_template),
           brokerage_logo_key = case when $9 then excluded.brokerage_logo_key else brand_kits.brokerage_logo_key end,
           default_pages = case when $10 then excluded.default_pages else brand_kits.default_pages end,
           updated_at = $11
         returning ${COLUMNS}`,
        [
          userId,
          changes.brand_colour ?? null,
          changes.tagline ?? null,
          changes.bio ?? null,
          changes.cover_letter_template ?? null,
          changes.brokerage_logo_key ?? null,
          pages,
          has('brand_colour'),
          has('brokerage_logo_key'),
          has('default_pages'),
          at,
        ],
      );
      return row!;
    },
  };
}
export type BrandKitRepository = ReturnType<typeof createBrandKitRepository>;
