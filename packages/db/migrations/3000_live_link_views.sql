-- Issue 30 (decision 3002): a live link's view counts once per visitor per hour, and each instance keeps a found link
-- for a few seconds, told at once when the link or its report changes.

-- The last counted view of each visitor of each link. A visitor is a keyed hash (HMAC under the link key) of the link,
-- the client's address and its user agent: neither the address nor the user agent is stored, and one visitor's rows
-- on two links cannot be matched. Rows older than an hour count for nothing and are pruned.
CREATE TABLE report_link_visitors (
  link_id integer NOT NULL REFERENCES report_links(id) ON DELETE CASCADE,
  visitor text NOT NULL,
  counted_at timestamptz NOT NULL,
  PRIMARY KEY (link_id, visitor)
);
CREATE INDEX report_link_visitors_counted_idx ON report_link_visitors(counted_at);

-- A link revoked or given a new expiry, a report saved again or deleted: every instance drops what it kept for it.
CREATE FUNCTION notify_report_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cma_report_link_change', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER report_links_notify_change AFTER UPDATE OR DELETE ON report_links
  FOR EACH ROW EXECUTE FUNCTION notify_report_link_change('link');
CREATE TRIGGER report_history_notify_link_change AFTER UPDATE OR DELETE ON report_history
  FOR EACH ROW EXECUTE FUNCTION notify_report_link_change('history');
