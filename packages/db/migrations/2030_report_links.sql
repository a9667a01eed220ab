-- Sharing a saved report with the client (issue 18): live links, their views, each send, and history summaries.

-- A link's token is never stored: only its SHA-256 (looked up on every /r/<token>) and the random seed the token is
-- derived from with the server's link key (HMAC), so the owner's link list can show the URL again (decision 2030).
CREATE TABLE report_links (
  id serial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  history_id integer NOT NULL REFERENCES report_history(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  token_seed text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Set once, by the first view: the agent's "opened" e-mail goes out exactly once per link.
  first_viewed_at timestamptz
);
CREATE INDEX report_links_history_idx ON report_links(history_id, created_at DESC);

-- One row per opening: time and device class only (no address, no user agent).
CREATE TABLE report_link_views (
  id bigserial PRIMARY KEY,
  link_id integer NOT NULL REFERENCES report_links(id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL,
  device text NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop'))
);
CREATE INDEX report_link_views_link_idx ON report_link_views(link_id, viewed_at DESC);

-- Each e-mail of a report to a client: to whom, when, with which live link.
CREATE TABLE report_sends (
  id serial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  history_id integer NOT NULL REFERENCES report_history(id) ON DELETE CASCADE,
  recipient text NOT NULL,
  copy_to_agent boolean NOT NULL DEFAULT false,
  link_id integer REFERENCES report_links(id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX report_sends_history_idx ON report_sends(history_id, sent_at DESC);

-- History entries an agent can tell apart: a name of their own, the client, the value and range (computed by the
-- valuation engine when the report is saved), and a soft delete that can be undone.
ALTER TABLE report_history
  ADD COLUMN name text,
  ADD COLUMN client_name text,
  ADD COLUMN value numeric,
  ADD COLUMN range_start numeric,
  ADD COLUMN range_end numeric,
  ADD COLUMN summarized boolean NOT NULL DEFAULT false,
  ADD COLUMN deleted_at timestamptz;

-- Server-wide secrets generated on first use when the environment gives none (the report-link key).
CREATE TABLE IF NOT EXISTS app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
