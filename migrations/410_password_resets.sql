-- Issue #48, item 5: a way back in (docs/members.md, "A way back in"). A link to choose a new password: mailed on
-- "Forgot your password?" (`reset`, one hour) or made by the operator's `avs members recover` (`recovery`, 24 hours;
-- it may give a password to a person who signs in with passkeys only). The token is 32 random bytes, stored as
-- SHA-256 only (the id), and used at most once. A row is written for every request the throttle lets through,
-- whether or not a sign-in uses the address (`mailed`), so both answers do the same work and the throttle counts
-- both; rows go a day after they expire.
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  realm text NOT NULL CHECK (realm IN ('console', 'admin')),
  purpose text NOT NULL CHECK (purpose IN ('reset', 'recovery')),
  -- The address as typed, normalised (a console reset serves every sign-in of it that is an active member).
  email text NOT NULL CHECK (length(email) <= 320),
  -- A recovery link's one person; an admin reset's administrator.
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  admin_user_id uuid REFERENCES admin_users (id) ON DELETE CASCADE,
  -- The asking client's address bucket (an IPv6 client's prefix): the per-client throttle counts it.
  client_bucket text,
  mailed boolean NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3)
);
CREATE INDEX password_resets_client_idx ON password_resets (client_bucket, created_at)
  WHERE client_bucket IS NOT NULL;
CREATE INDEX password_resets_email_idx ON password_resets (email, created_at);
CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);
