-- One free trial per card (issue 30, decision 3004). A card that started a trial is remembered by the card provider's
-- fingerprint (Stripe's card.fingerprint: the same for every token of one card number; test mode makes one with a key
-- of its own). Not tied to an account: it outlives a deleted account, and tells nothing about who held the card.
CREATE TABLE trial_card_fingerprints (
  fingerprint text PRIMARY KEY,
  claimed_at timestamptz NOT NULL
);

ALTER TABLE test_card_tokens ADD COLUMN fingerprint text;
