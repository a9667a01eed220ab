-- MLS sources (issue 28, decision 2800): each MLS is a source with its own RESO Web API credentials, sync state,
-- photos (stored by us) and members. Every listing but the demo ones belongs to one source.
CREATE TABLE mls_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  title text NOT NULL,
  -- RESO Web API service root; null for a source fed by CSV loads only
  reso_url text,
  -- 'token' (a bearer token) or 'oauth2' (client credentials at token_url)
  auth_kind text CHECK (auth_kind IN ('token', 'oauth2')),
  token_url text,
  client_id text,
  oauth_scope text,
  -- the bearer token or the client secret: 'v1:…' AES-256-GCM under MLS_SECRET_KEY, or 'plain:…' without a key
  secret text,
  -- extra $filter ANDed to every Property query (MLS Grid: OriginatingSystemName eq 'x')
  property_filter text,
  -- how Media arrive: null until detected; 'inline' (in each Property), 'expand' ($expand=Media), 'resource' (the Media resource)
  media_mode text CHECK (media_mode IN ('inline', 'expand', 'resource')),
  -- null until known: whether the feed has a Member resource (membership checks) and MlgCanView (withdrawals)
  has_member_resource boolean,
  has_can_view boolean,
  -- replication watermark: the last ModificationTimestamp stored
  watermark timestamptz,
  last_sync_started_at timestamptz,
  last_sync_finished_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  last_skipped integer NOT NULL DEFAULT 0,
  last_removed integer NOT NULL DEFAULT 0,
  last_reconciled_at timestamptz,
  -- one process syncs a source at a time (a job on any instance, or `cma mls sync`)
  sync_lease_owner text,
  sync_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Listings loaded before sources existed belong to a source named after their feed (CSV format or 'reso').
INSERT INTO mls_sources (name, title)
SELECT DISTINCT source, CASE source WHEN 'recolorado' THEN 'REcolorado' WHEN 'ppar' THEN 'Pikes Peak REALTOR Services' ELSE 'RESO feed' END
FROM listings WHERE source <> 'demo';

ALTER TABLE listings ADD COLUMN mls_source_id uuid REFERENCES mls_sources(id) ON DELETE CASCADE;
-- RESO ListingKey (the feed's primary key): withdrawals, reconciliation and Media are matched by it
ALTER TABLE listings ADD COLUMN listing_key text;
UPDATE listings l SET mls_source_id = s.id FROM mls_sources s WHERE l.source <> 'demo' AND s.name = l.source;
ALTER TABLE listings ADD CONSTRAINT listings_mls_source_check CHECK ((source = 'demo') = (mls_source_id IS NULL));
-- A listing id is unique within its MLS (two MLSs may use the same ids); demo listings are one namespace.
ALTER TABLE listings DROP CONSTRAINT listings_source_listing_id_key;
ALTER TABLE listings ADD CONSTRAINT listings_mls_listing_key UNIQUE NULLS NOT DISTINCT (mls_source_id, listing_id);
CREATE INDEX listings_mls_key_idx ON listings (mls_source_id, listing_key);

-- The RESO sync's watermark moves to its source; it restarts from the beginning once so every listing gets its key.
DROP TABLE listing_sync_state;

-- A listing's photos, downloaded from the MLS's Media and stored through FileStorage in two sizes (decision 2802).
CREATE TABLE mls_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- MediaKey, or the URL when the feed gives no key
  media_key text NOT NULL,
  media_url text NOT NULL,
  media_modified_at timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'stored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  error text,
  thumb_key text,
  report_key text,
  width integer,
  height integer,
  stored_at timestamptz,
  UNIQUE (listing_id, media_key)
);
CREATE INDEX mls_photos_due_idx ON mls_photos (next_attempt_at) WHERE status = 'pending';

-- Keys a reconciliation has seen in the feed (filled page by page, emptied after the run).
CREATE TABLE mls_reconcile_keys (
  mls_source_id uuid NOT NULL REFERENCES mls_sources(id) ON DELETE CASCADE,
  listing_key text NOT NULL,
  PRIMARY KEY (mls_source_id, listing_key)
);
