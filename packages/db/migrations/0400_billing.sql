-- Billing (issue 4): coupons, webhook idempotency, test-mode card tokens.

CREATE TABLE coupons (
  code text PRIMARY KEY,
  name text NOT NULL,
  percent_off numeric(5,2) CHECK (percent_off IS NULL OR (percent_off > 0 AND percent_off <= 100)),
  amount_off_cents integer CHECK (amount_off_cents IS NULL OR amount_off_cents > 0),
  duration text NOT NULL DEFAULT 'once' CHECK (duration IN ('once', 'forever', 'repeating')),
  active boolean NOT NULL DEFAULT true,
  redeem_by timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
);

-- Test-mode coupons; in Stripe mode coupons are read from Stripe instead.
INSERT INTO coupons(code, name, percent_off, amount_off_cents, duration) VALUES
  ('WELCOME20', '20% off your first charge', 20, NULL, 'once'),
  ('SAVE10', '$10 off your first charge', NULL, 1000, 'once')
ON CONFLICT (code) DO NOTHING;

-- Every provider webhook event processed, so a replayed event id is acknowledged and ignored.
CREATE TABLE billing_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  provider text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Test mode stands in for the card provider's tokens; only last 4, brand and expiry are kept.
CREATE TABLE test_card_tokens (
  id text PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('succeed', 'decline', 'fail_renewal')),
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Test-mode subscriptions remember how their card behaves on renewal.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS card_outcome text;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS trial_reminder_sent_at timestamptz;
CREATE INDEX IF NOT EXISTS subscriptions_provider_subscription_idx ON subscriptions(provider_subscription_id);
