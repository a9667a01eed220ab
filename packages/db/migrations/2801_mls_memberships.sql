-- An agent's membership of an MLS: only members see its listings and photos (decision 2803).
CREATE TABLE mls_memberships (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mls_source_id uuid NOT NULL REFERENCES mls_sources(id) ON DELETE CASCADE,
  member_id text NOT NULL,
  -- 'member-resource' (an active Member with this MemberMlsId) or 'operator' (cma mls approve)
  verified_by text NOT NULL CHECK (verified_by IN ('member-resource', 'operator')),
  member_name text,
  verified_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, mls_source_id),
  -- one account per member id and MLS
  UNIQUE (mls_source_id, member_id)
);

-- Member ids the operator approved for a source without a Member resource.
CREATE TABLE mls_member_approvals (
  mls_source_id uuid NOT NULL REFERENCES mls_sources(id) ON DELETE CASCADE,
  member_id text NOT NULL,
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (mls_source_id, member_id)
);
