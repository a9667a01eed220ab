-- One checkout at a time per user: a double click or a second tab waits for the first instead of billing twice.
-- The idempotency key is kept so that a checkout taken over after a crash repeats the same provider calls.
CREATE TABLE IF NOT EXISTS subscription_checkouts (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  started_at timestamptz NOT NULL
);

-- A promo code applies once per account, also after a cancel and a new subscription.
CREATE TABLE IF NOT EXISTS coupon_redemptions (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coupon_code text NOT NULL,
  redeemed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, coupon_code)
);
