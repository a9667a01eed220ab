-- Rate-limit counters carry the end of their window, so a periodic job can delete each one once its window is over
-- (issue 20: they were never pruned). Rows from before this column are pruned by age.
ALTER TABLE rate_limit_counters ADD COLUMN IF NOT EXISTS expires_at timestamptz;
CREATE INDEX IF NOT EXISTS rate_limit_counters_expires_idx ON rate_limit_counters(expires_at);
