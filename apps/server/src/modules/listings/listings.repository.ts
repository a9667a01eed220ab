import type { Database } from '@cma/db';
import type { ListingSource } from '@cma/contracts';
import { NOT_AVAILABLE, usDateToIso, type PropertyRecord } from '@cma/listings-import';
import { addressTerms, allowedEdits, deletionKeys, editDistance, MATCH_WEIGHT, MIN_TYPO_LENGTH, normalizeAddress, type QueryWord } from './address-text';

/** A listing as stored: the import's record plus the columns search and comparable queries use. */
export interface ListingInput {
  source: ListingSource;
  record: PropertyRecord;
  photoUrls?: string[];
  /** RESO ModificationTimestamp, when known. */
  sourceModifiedAt?: Date | null;
}

export interface StoredListing {
  id: string;
  source: ListingSource;
  record: PropertyRecord;
  photoUrls: string[];
}

interface ListingRow {
  id: string;
  source: ListingSource;
  record: PropertyRecord;
  photo_urls: string[];
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
  };
}

const COLUMN_TYPES = `source text, listing_id text, status text, address text, address_key text, address_terms text[], city text,
  postal_code text, latitude double precision, longitude double precision, close_date date, list_date date,
  close_price double precision, net_sales_price double precision, list_price double precision,
  above_grade_sqft double precision, year_built integer, bedrooms double precision, bathrooms double precision,
  record jsonb, photo_urls jsonb, source_modified_at timestamptz`;
const COLUMNS = COLUMN_TYPES.split(',').map((c) => c.trim().split(' ')[0]!);
const UPSERT_BATCH = 500;

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

export function createListingsRepository(database: Database) {
  return {
    /** Inserts or replaces listings (unique per source + listing id), keeping the address term index current. */
    async upsert(inputs: ListingInput[], at: Date): Promise<number> {
      let written = 0;
      for (let start = 0; start < inputs.length; start += UPSERT_BATCH) {
        const rows = inputs.slice(start, start + UPSERT_BATCH).map(toColumns).filter((row) => row.listing_id !== '');
        // Last one wins when a file repeats a listing id (one statement may not update a row twice).
        const unique = [...new Map(rows.map((row) => [`${row.source}\u0000${row.listing_id}`, row])).values()];
        if (unique.length === 0) continue;
        const terms = [...new Set(unique.flatMap((row) => row.address_terms))];
        await database.transaction(async (tx) => {
          await tx.query(
            `insert into listings (${COLUMNS.join(', ')}, updated_at)
             select ${COLUMNS.join(', ')}, $2 from jsonb_to_recordset($1::jsonb) as x(${COLUMN_TYPES})
             on conflict (source, listing_id) do update set ${COLUMNS.filter((c) => c !== 'source' && c !== 'listing_id')
               .map((c) => `${c} = excluded.${c}`)
               .join(', ')}, updated_at = excluded.updated_at`,
            [JSON.stringify(unique), at],
          );
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
        written += unique.length;
      }
      return written;
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
     * Listings whose address has a match for every word (exact, prefix or corrected typo), best first:
     * exact words beat prefixes beat typos; an address that starts with the typed text wins ties.
     */
    async searchByTerms(words: Map<string, number>[], addressPrefix: string, limit: number): Promise<AddressSearchResult> {
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const filters: string[] = [];
      const scores: string[] = [];
      for (const weights of words) {
        filters.push(`address_terms && ${param([...weights.keys()])}::text[]`);
        const byWeight = [MATCH_WEIGHT.exact, MATCH_WEIGHT.prefix, MATCH_WEIGHT.typo]
          .map((w) => [w, [...weights].filter(([, v]) => v === w).map(([t]) => t)] as const)
          .filter(([, terms]) => terms.length > 0);
        scores.push(`(case ${byWeight.map(([w, terms]) => `when address_terms && ${param(terms)}::text[] then ${w}`).join(' ')} else 0 end)`);
      }
      const prefixBonus = `(case when address_key like ${param(addressPrefix.replace(/[%_\\]/g, '\\$&') + '%')} then 2 else 0 end)`;
      const rows = await database.query<ListingRow & { score: number; total: number }>(
        `select id, source, record, photo_urls, ${scores.join(' + ')} + ${prefixBonus} as score, count(*) over () as total
         from listings where ${filters.join(' and ')}
         order by score desc, address_key, close_date desc nulls last
         limit ${param(limit)}`,
        params,
      );
      return {
        listings: rows.map((row) => ({ id: row.id, source: row.source, record: row.record, photoUrls: row.photo_urls, score: Number(row.score) })),
        total: rows.length ? Number(rows[0]!.total) : 0,
      };
    },

    /** Listings inside a bounding box around a point (the lat/lng btree), nearest first; closed sales unless asked. */
    async findNear(q: ComparableQuery & { includeActive: boolean }): Promise<(StoredListing & { distanceMiles: number })[]> {
      const latDelta = q.radiusMiles / 69.0;
      const lngDelta = q.radiusMiles / (69.17 * Math.max(0.01, Math.cos((q.latitude * Math.PI) / 180)));
      const rows = await database.query<ListingRow & { distance: number }>(
        `select * from (
           select id, source, record, photo_urls,
             3958.8 * 2 * asin(sqrt(power(sin(radians(latitude - $1) / 2), 2)
               + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2))) as distance,
             close_date
           from listings
           where latitude between $3 and $4 and longitude between $5 and $6
             and ($7::date is null or close_date >= $7::date or ($10 and close_date is null))
             and ($8::float8 is null or above_grade_sqft >= $8) and ($9::float8 is null or above_grade_sqft <= $9)
             and ($10 or (close_date is not null and coalesce(net_sales_price, close_price) is not null))
             and ($11::text is null or listing_id <> $11)
         ) near where distance <= $12
         order by distance, close_date desc nulls last
         limit $13`,
        [
          q.latitude, q.longitude, q.latitude - latDelta, q.latitude + latDelta, q.longitude - lngDelta, q.longitude + lngDelta,
          q.closedSince, q.minSqft ?? null, q.maxSqft ?? null, q.includeActive, q.excludeListingId ?? null, q.radiusMiles, q.limit,
        ],
      );
      return rows.map((row) => ({ id: row.id, source: row.source, record: row.record, photoUrls: row.photo_urls, distanceMiles: Number(row.distance) }));
    },

    async findByListingId(listingId: string, source?: ListingSource): Promise<StoredListing | undefined> {
      const rows = await database.query<ListingRow>(
        `select id, source, record, photo_urls from listings where listing_id = $1 and ($2::text is null or source = $2)
         order by case source when 'reso' then 0 when 'recolorado' then 1 when 'ppar' then 2 else 3 end limit 1`,
        [listingId, source ?? null],
      );
      const row = rows[0];
      return row ? { id: row.id, source: row.source, record: row.record, photoUrls: row.photo_urls } : undefined;
    },

    async syncState(feed: string): Promise<{ lastModifiedAt: Date | null } | undefined> {
      const [row] = await database.query<{ last_modified_at: Date | string | null }>('select last_modified_at from listing_sync_state where feed = $1', [feed]);
      return row ? { lastModifiedAt: row.last_modified_at ? new Date(row.last_modified_at) : null } : undefined;
    },

    async saveSyncState(feed: string, lastModifiedAt: Date | null, count: number, at: Date): Promise<void> {
      await database.query(
        `insert into listing_sync_state(feed, last_modified_at, last_run_at, last_count) values ($1, $2, $3, $4)
         on conflict (feed) do update set last_modified_at = coalesce(excluded.last_modified_at, listing_sync_state.last_modified_at),
           last_run_at = excluded.last_run_at, last_count = excluded.last_count`,
        [feed, lastModifiedAt, at, count],
      );
    },
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;
