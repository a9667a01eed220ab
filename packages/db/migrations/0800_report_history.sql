-- Report history (issue 8): saved report states, one row per (user, report id), and generated-report counting.
CREATE TABLE report_history (
  id serial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  report_id text NOT NULL,
  address text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, report_id)
);
CREATE INDEX report_history_user_updated_idx ON report_history(user_id, updated_at DESC, id DESC);

-- One row per generated report id: the counter in users.report_count goes up only on the first insert.
CREATE TABLE report_counter_events (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  report_id text NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, report_id)
);
