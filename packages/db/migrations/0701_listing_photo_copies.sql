-- Listings whose photos were copied into a user's photos of a property (decision 0701). The row outlives the photos,
-- so POST /api/save-image-rets copies a listing's photos once and never brings back photos the agent deleted.
CREATE TABLE listing_photo_copies (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  property_id text NOT NULL,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  copied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, property_id, listing_id)
);
