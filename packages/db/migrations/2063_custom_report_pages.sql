-- PDF pages an agent uploads to place in reports (issue 19, e.g. a marketing plan): stored per agent, placed in a
-- report's page list as 'custom:<id>'. The file lives in FileStorage under storage_key.
CREATE TABLE custom_report_pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- What the page picker shows (the uploaded file's name, or the agent's own).
  name text NOT NULL,
  page_count integer NOT NULL CHECK (page_count BETWEEN 1 AND 5),
  bytes integer NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX custom_report_pages_user_idx ON custom_report_pages(user_id, created_at);
