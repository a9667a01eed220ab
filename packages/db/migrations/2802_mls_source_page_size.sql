-- Rows per RESO page of an MLS source ($top): vendors cap it differently (Bridge 200, Trestle 1,000, MLS Grid 5,000).
ALTER TABLE mls_sources ADD COLUMN page_size integer NOT NULL DEFAULT 200 CHECK (page_size BETWEEN 1 AND 5000);
