-- An account deleted by its agent (issue 30, decision 3005) keeps only what bookkeeping law asks of its billing: the
-- provider's customer and subscription ids (where the invoices are), the plan, its price and the dates. No name,
-- e-mail, card or anything else of the agent; not linked to any other row.
CREATE TABLE retained_billing_records (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  provider_customer_id text,
  provider_subscription_id text,
  plan_title text NOT NULL,
  plan_amount_cents integer NOT NULL,
  plan_interval text NOT NULL,
  coupon_code text,
  status_at_deletion text NOT NULL,
  subscribed_at timestamptz,
  account_deleted_at timestamptz NOT NULL
);
