-- The listing database (issue 5): MLS listings from CSV loads, the RESO Web API and demo data.
-- Address search uses our own term index (works the same on PGlite and PostgreSQL; pg_trgm is not available
-- in PGlite by default): see docs/decisions/0510-address-search-index.md.
CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('recolorado', 'ppar', 'reso', 'demo')),
  listing_id text NOT NULL,
  status text NOT NULL DEFAULT '',
  address text NOT NULL,
  -- lower-case, punctuation-free, USPS-abbreviated address: prefix search by btree range
  address_key text NOT NULL,
  -- the address_key's words: typo/prefix search through address_terms, then GIN overlap
  address_terms text[] NOT NULL,
  city text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  latitude double precision,
  longitude double precision,
  close_date date,
  list_date date,
  close_price double precision,
  net_sales_price double precision,
  list_price double precision,
  above_grade_sqft double precision,
  year_built integer,
  bedrooms double precision,
  bathrooms double precision,
  record jsonb NOT NULL,
  photo_urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  source_modified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, listing_id)
);
CREATE INDEX listings_address_key_idx ON listings (address_key text_pattern_ops);
CREATE INDEX listings_address_terms_idx ON listings USING gin (address_terms);
CREATE INDEX listings_geo_idx ON listings (latitude, longitude);
CREATE INDEX listings_close_date_idx ON listings (close_date);

-- Every distinct address word, for prefix completion of the last word typed.
CREATE TABLE address_terms (
  term text PRIMARY KEY
);
CREATE INDEX address_terms_prefix_idx ON address_terms (term text_pattern_ops);

-- Single-character deletions of each term (symmetric-delete spelling correction): a typed word and a stored
-- term within one edit share a key.
CREATE TABLE address_term_deletes (
  delete_key text NOT NULL,
  term text NOT NULL,
  PRIMARY KEY (delete_key, term)
);

-- Where each RESO feed has got to (incremental sync by ModificationTimestamp).
CREATE TABLE listing_sync_state (
  feed text PRIMARY KEY,
  last_modified_at timestamptz,
  last_run_at timestamptz,
  last_count integer NOT NULL DEFAULT 0
);
