-- Public site (issue 9): Contact Us messages with their image attachments, and demo requests.
CREATE TABLE contact_messages (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  description text NOT NULL,
  mobile_number text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_attachments (
  id serial PRIMARY KEY,
  message_id integer NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL
);
CREATE INDEX contact_attachments_message_idx ON contact_attachments(message_id);

CREATE TABLE demo_requests (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  brokerage text NOT NULL DEFAULT '',
  preferred_time text NOT NULL,
  message text NOT NULL DEFAULT '',
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
