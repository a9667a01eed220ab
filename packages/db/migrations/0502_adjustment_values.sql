-- The agent's default adjustment values (spec §3, §9); absent row = the spec's defaults.
CREATE TABLE user_adjustment_values (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  adjustment_values jsonb NOT NULL,
  use_market_derived_rates boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
