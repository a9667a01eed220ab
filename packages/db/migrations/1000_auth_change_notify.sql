-- Each app instance keeps sessions it resolved for a few seconds (decision 1000). These triggers tell every instance,
-- through one notification channel, the moment a user's sessions or subscription change, so all of them drop what
-- they kept for that user: a logout or password reset ends the token everywhere, a new subscription opens access.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cma_auth_change', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_notify_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER subscriptions_notify_auth_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
