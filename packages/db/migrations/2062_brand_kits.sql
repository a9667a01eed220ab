-- The agent's brand kit (issue 19): what every new report starts from. Logo, headshot and licence number stay in
-- business_details and users; this row holds the rest. A missing row = the built-in defaults.
CREATE TABLE brand_kits (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- '#rrggbb', or null for the default report colour.
  brand_colour text CHECK (brand_colour ~ '^#[0-9a-f]{6}$'),
  tagline text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  cover_letter_template text NOT NULL DEFAULT '',
  brokerage_logo_key text,
  -- The page choice new reports start from ([{id, on}], see @cma/report/pages); null = the built-in one.
  default_pages jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
