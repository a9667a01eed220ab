-- The agent's quality and condition adjustment per UAD step and price tier (issue 27), kept beside the 16 categories:
-- the spec accepts at most 17 categories, so they are not among them. Null = the recommended steps.
-- Market-derived rates are what a new account gets by default now (the preference's default turns on).
ALTER TABLE user_adjustment_values ADD COLUMN uad_step_values jsonb;
ALTER TABLE user_adjustment_values ALTER COLUMN use_market_derived_rates SET DEFAULT true;
