-- Issue #48, item 4: one-time links mailed to a person's address (docs/members.md): `prove_address` (asked for
-- on the account page, 24 hours; confirmed in a browser signed in as that person) and `sign_in` (asked for on the
-- sign-in page, proven addresses only, 15 minutes). Each token is 32 random bytes, stored as SHA-256 only, and
-- used at most once; a newer link of the same purpose ends the person's earlier ones.
CREATE TABLE person_mail_links (
  id uuid PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('prove_address', 'sign_in')),
  -- The address the link was sent to: what it proves.
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3)
);
CREATE INDEX person_mail_links_person_idx ON person_mail_links (person_id, purpose);
CREATE INDEX person_mail_links_expires_at_idx ON person_mail_links (expires_at);
