-- The column map an agent confirmed for an unknown export, by the export's header (issue 28 item 5).
CREATE TABLE user_column_mappings (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  header_signature text NOT NULL,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, header_signature)
);
