-- A user's photos of a property (subject or comparable), keyed by the property's uuid or listing id.
CREATE TABLE property_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  property_id text NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  byte_size integer NOT NULL,
  original_name text NOT NULL DEFAULT '',
  source_listing_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX property_images_owner_idx ON property_images (user_id, property_id, created_at);
