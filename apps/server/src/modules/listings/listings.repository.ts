import type { Database } from '@cma/db';
import type { ListingSource } from '@cma/contracts';
import { NOT_AVAILABLE, usDateToIso, type PropertyRecord } from '@cma/listings-import';
import { addressTerms, allowedEdits, deletionKeys, editDistance, MATCH_WEIGHT, MIN_TYPO_LENGTH, normalizeAddress, type QueryWord } from './address-text';

/** A listing as stored: the import's record plus the columns search and comparable queries use. */
export interface ListingInput {
  source: ListingSource;
  record: PropertyRecord;
  /** Photo URLs; left as they are when undefined (an MLS listing's stored photos are kept by the photo store). */
  photoUrls?: string[];
  /** RESO ModificationTimestamp, when known. */
  sourceModifiedAt?: Date | null;
  /** The MLS source (every listing but the demo ones has one). */
  mlsSourceId?: string | null;
  /** RESO ListingKey. */
  listingKey?: string | null;
}

export interface StoredListing {
  id: string;
  source: ListingSource;
  /** The MLS source's name (null for demo listings). */
  mls: string | null;
  record: PropertyRecord;
  photoUrls: string[];
}

/** Whose listings a caller may see: the MLS sources they are a member of, and the demo listings while demo data is on. */
export interface ListingViewer {
  mlsSourceIds: readonly string[];
  demo: boolean;
}

interface ListingRow {
  id: string;
  source: ListingSource;
  mls: string | null;
  record: PropertyRecord;
  photo_urls: string[];
}

const stored = (row: ListingRow): StoredListing => ({ id: row.id, source: row.source, mls: row.mls, record: row.record, photoUrls: row.photo_urls });
/** The columns a StoredListing is read from (`l` is listings). */
const LISTING_COLUMNS = 'l.id, l.source, (select name from mls_sources where id = l.mls_source_id) as mls, l.record, l.photo_urls';
/** A condition that holds for the listings `viewer` may see; appends its two parameters. */
function visibleTo(viewer: ListingViewer, params: unknown[]): string {
  params.push([...viewer.mlsSourceIds], viewer.demo);
  return `(l.mls_source_id = any($${params.length - 1}::uuid[]) or (l.mls_source_id is null and $${params.length}::boolean))`;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string => (typeof value === 'string' && value !== NOT_AVAILABLE ? value : '');
const isoDate = (value: unknown): string | null => (typeof value === 'string' ? usDateToIso(value) : null);

function toColumns(input: ListingInput) {
  const r = input.record;
  const address = text(r.properties_address) || [text(r['Street Number']), text(r['Street Name'])].filter(Boolean).join(' ');
  const addressKey = normalizeAddress(address);
  const yearBuilt = num(r['Year Built']);
  return {
    source: input.source,
    listing_id: text(r['Listing Id']),
    status: text(r.MLS),
    address,
    address_key: addressKey,
    address_terms: addressTerms(addressKey),
    city: text(r.City),
    postal_code: text(r['Postal Code']),
    latitude: num(r.Latitude),
    longitude: num(r.Longitude),
    close_date: isoDate(r['Close Date']),
    list_date: isoDate(r['List Date']),
    close_price: num(r['Close Price']),
    net_sales_price: num(r['Net Sales Price']),
    list_price: num(r['List Price']),
    above_grade_sqft: num(r['Above Grade Finished Area']),
    year_built: yearBuilt === null ? null : Math.round(yearBuilt),
    bedrooms: num(r.Bedrooms),
    bathrooms: num(r.Bathrooms),
    record: r,
    photo_urls: input.photoUrls ?? [],
    source_modified_at: input.sourceModifiedAt ? input.sourceModifiedAt.toISOString() : null,
    mls_source_id: input.mlsSourceId ?? null,
    listing_key: input.listingKey ?? null,
  };
}

const COLUMN_TYPES = `source text, listing_id text, status text, address text, address_key text, address_terms text[], city text,
  postal_code text, latitude double precision, longitude double precision, close_date date, list_date date,
  close_price double precision, net_sales_price double precision, list_price double precision,
  above_grade_sqft double precision, year_built integer, bedrooms double precision, bathrooms double precision,
  record jsonb, photo_urls jsonb, source_modified_at timestamptz, mls_source_id uuid, listing_key text`;
const COLUMNS = COLUMN_TYPES.split(',').map((c) => c.trim().split(' ')[0]!);
const UPSERT_BATCH = 500;
/** Address terms this process knows are stored (a sync's pages repeat their streets and towns); bounded. */
const KNOWN_TERMS_MAX = 200_000;
/** Columns an upsert replaces (the row's identity stays; photos only when the input names them). */
const updated = (keepPhotos: boolean) =>
  COLUMNS.filter((c) => c !== 'mls_source_id' && c !== 'listing_id' && !(keepPhotos && c === 'photo_urls'))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');

export interface AddressSearchResult {
  listings: (StoredListing & { score: number })[];
  total: number;
}

export interface ComparableQuery {
  latitude: number;
  longitude: number;
  radiusMiles: number;
  closedSince: string | null;
  minSqft?: number;
  maxSqft?: number;
  excludeListingId?: string;
  limit: number;
}

export interface WrittenListing {
  id: string;
  listing_id: string;
  listing_key: string | null;
  /** A new row (not a listing stored before). */
  inserted: boolean;
}

export function createListingsRepository(database: Database) {
  const knownTerms = new Set<string>();

  async function writeListings(inputs: ListingInput[], at: Date): Promise<WrittenListing[]> {
    const written: WrittenListing[] = [];
    const keepPhotos = inputs.every((input) => input.photoUrls === undefined);
    for (let start = 0; start < inputs.length; start += UPSERT_BATCH) {
      const rows = inputs.slice(start, start + UPSERT_BATCH).map(toColumns).filter((row) => row.listing_id !== '');
      // Last one wins when a file repeats a listing id (one statement may not update a row twice).
      const unique = [...new Map(rows.map((row) => [`${row.mls_source_id}\u0000${row.listing_id}`, row])).values()];
      if (unique.length === 0) continue;
      const terms = [...new Set(unique.flatMap((row) => row.address_terms))].filter((term) => !knownTerms.has(term));
      await database.transaction(async (tx) => {
        written.push(
          ...(await tx.query<WrittenListing>(
            `insert into listings (${COLUMNS.join(', ')}, updated_at)
             select ${COLUMNS.join(', ')}, $2 from jsonb_to_recordset($1::jsonb) as x(${COLUMN_TYPES})
             on conflict (mls_source_id, listing_id) do update set ${updated(keepPhotos)}, updated_at = excluded.updated_at
             returning id, listing_id, listing_key, (xmax = 0) as inserted`,
            [JSON.stringify(unique), at],
          )),
        );
        if (terms.length === 0) return;
        await tx.query(
          `with new_terms as (
             insert into address_terms(term) select distinct t from unnest($1::text[]) t on conflict do nothing returning term)
           insert into address_term_deletes(delete_key, term)
           select substr(term, 1, i - 1) || substr(term, i + 1), term
           from new_terms, generate_series(1, length(term)) i
           where length(term) >= $2
           on conflict do nothing`,
          [terms, MIN_TYPO_LENGTH],
        );
      });
      if (knownTerms.size + terms.length > KNOWN_TERMS_MAX) knownTerms.clear();
      for (const term of terms) knownTerms.add(term);
    }
    return written;
  }

  return {
    /** Inserts or replaces listings (unique per MLS + listing id), keeping the address term index current. */
    async upsert(inputs: ListingInput[], at: Date): Promise<number> {
      return (await writeListings(inputs, at)).length;
    },

    /** Upserts and answers each written listing by its listing key (RESO sync: its photos hang off the id). */
    async upsertReturningIds(inputs: ListingInput[], at: Date): Promise<Map<string, WrittenListing>> {
      return new Map((await writeListings(inputs, at)).map((row) => [row.listing_key ?? row.listing_id, row]));
    },

    async count(source?: ListingSource): Promise<number> {
      const [row] = await database.query<{ n: number }>(
        source ? 'select count(*)::int as n from listings where source = $1' : 'select count(*)::int as n from listings',
        source ? [source] : [],
      );
      return row?.n ?? 0;
    },

    /** The stored terms a typed word may mean, with the weight of each kind of match. */
    async expandWord(query: QueryWord): Promise<Map<string, number>> {
      const weights = new Map<string, number>();
      const { word } = query;
      const exact = await database.query<{ term: string }>('select term from address_terms where term = $1', [word]);
      if (exact.length) weights.set(word, MATCH_WEIGHT.exact);
      if (query.prefix) {
        const upper = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
        const prefixed = await database.query<{ term: string }>(
          'select term from address_terms where term >= $1 and term < $2 order by length(term), term limit 40',
          [word, upper],
        );
        for (const { term } of prefixed) if (!weights.has(term)) weights.set(term, MATCH_WEIGHT.prefix);
      }
      const edits = allowedEdits(word);
      if (edits > 0) {
        const keys = [word, ...deletionKeys(word)];
        const candidates = await database.query<{ term: string }>(
          `select term from address_term_deletes where delete_key = any($1::text[])
           union select term from address_terms where term = any($1::text[])`,
          [keys],
        );
        for (const { term } of candidates) {
          if (weights.has(term)) continue;
          if (editDistance(word, term, edits) <= edits) weights.set(term, MATCH_WEIGHT.typo);
        }
      }
      return weights;
    },

    /**
     * Listings `viewer` may see whose address has a match for every word (exact, prefix or corrected typo), best first:
     * exact words beat prefixes beat typos; an address that starts with the typed text wins ties.
     */
    async searchByTerms(viewer: ListingViewer, words: Map<string, number>[], addressPrefix: string, limit: number): Promise<AddressSearchResult> {
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const filters: string[] = [visibleTo(viewer, params)];
      const scores: string[] = [];
      for (const weights of words) {
        filters.push(`l.address_terms && ${param([...weights.keys()])}::text[]`);
        const byWeight = [MATCH_WEIGHT.exact, MATCH_WEIGHT.prefix, MATCH_WEIGHT.typo]
          .map((w) => [w, [...weights].filter(([, v]) => v === w).map(([t]) => t)] as const)
          .filter(([, terms]) => terms.length > 0);
        scores.push(`(case ${byWeight.map(([w, terms]) => `when l.address_terms && ${param(terms)}::text[] then ${w}`).join(' ')} else 0 end)`);
      }
      const prefixBonus = `(case when l.address_key like ${param(addressPrefix.replace(/[%_\\]/g, '\\$&') + '%')} then 2 else 0 end)`;
      const rows = await database.query<ListingRow & { score: number; total: number }>(
        `select ${LISTING_COLUMNS}, ${scores.join(' + ')} + ${prefixBonus} as score, count(*) over () as total
         from listings l where ${filters.join(' and ')}
         order by score desc, l.address_key, l.close_date desc nulls last
         limit ${param(limit)}`,
        params,
      );
      return { listings: rows.map((row) => ({ ...stored(row), score: Number(row.score) })), total: rows.length ? Number(rows[0]!.total) : 0 };
    },

    /** Listings `viewer` may see inside a bounding box around a point (the lat/lng btree), nearest first; closed sales unless asked. */
    async findNear(viewer: ListingViewer, q: ComparableQuery & { includeActive: boolean }): Promise<(StoredListing & { distanceMiles: number })[]> {
      const latDelta = q.radiusMiles / 69.0;
      const lngDelta = q.radiusMiles / (69.17 * Math.max(0.01, Math.cos((q.latitude * Math.PI) / 180)));
      const params: unknown[] = [
        q.latitude, q.longitude, q.latitude - latDelta, q.latitude + latDelta, q.longitude - lngDelta, q.longitude + lngDelta,
        q.closedSince, q.minSqft ?? null, q.maxSqft ?? null, q.includeActive, q.excludeListingId ?? null, q.radiusMiles, q.limit,
      ];
      const rows = await database.query<ListingRow & { distance: number }>(
        `select * from (
           select ${LISTING_COLUMNS},
             3958.8 * 2 * asin(sqrt(power(sin(radians(l.latitude - $1) / 2), 2)
               + cos(radians($1)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - $2) / 2), 2))) as distance,
             l.close_date
           from listings l
           where l.latitude between $3 and $4 and l.longitude between $5 and $6
             and ($7::date is null or l.close_date >= $7::date or ($10 and l.close_date is null))
             and ($8::float8 is null or l.above_grade_sqft >= $8) and ($9::float8 is null or l.above_grade_sqft <= $9)
             and ($10 or (l.close_date is not null and coalesce(l.net_sales_price, l.close_price) is not null))
             and ($11::text is null or l.listing_id <> $11)
             and ${visibleTo(viewer, params)}
         ) near where distance <= $12
         order by distance, close_date desc nulls last
         limit $13`,
        params,
      );
      return rows.map((row) => ({ ...stored(row), distanceMiles: Number(row.distance) }));
    },

    /** A listing `viewer` may see by its listing id (and source or MLS, when ids could clash). */
    async findByListingId(viewer: ListingViewer, listingId: string, where: { source?: ListingSource; mls?: string } = {}): Promise<StoredListing | undefined> {
      const params: unknown[] = [listingId, where.source ?? null, where.mls ?? null];
      const rows = await database.query<ListingRow>(
        `select ${LISTING_COLUMNS} from listings l
         where l.listing_id = $1 and ($2::text is null or l.source = $2)
           and ($3::text is null or l.mls_source_id = (select id from mls_sources where name = $3))
           and ${visibleTo(viewer, params)}
         order by case l.source when 'reso' then 0 when 'recolorado' then 1 when 'ppar' then 2 else 3 end limit 1`,
        params,
      );
      return rows[0] && stored(rows[0]);
    },

    /** A demo listing by its id (its placeholder photos are drawn from it). */
    async findDemoListing(listingId: string): Promise<StoredListing | undefined> {
      const rows = await database.query<ListingRow>(`select ${LISTING_COLUMNS} from listings l where l.listing_id = $1 and l.source = 'demo'`, [listingId]);
      return rows[0] && stored(rows[0]);
    },
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;
