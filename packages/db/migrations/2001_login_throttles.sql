-- Sign-in throttling per account and client address (decision 2001): a hash of (e-mail, address) so unknown e-mails
-- are throttled exactly like real accounts and no address is stored in clear. Replaces the whole-account lock.
CREATE TABLE IF NOT EXISTS login_throttles (
  key_hash text PRIMARY KEY,
  failures integer NOT NULL,
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS login_throttles_updated_idx ON login_throttles(updated_at);
UPDATE users SET failed_login_count = 0, locked_until = NULL WHERE failed_login_count <> 0 OR locked_until IS NOT NULL;
