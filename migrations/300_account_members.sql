-- People in accounts (docs/members.md): one identity per person (e-mail, password, passkeys), a membership
-- per account with a role, one-time invitations, console sessions, WebAuthn challenges and the account's
-- audit log. Secrets (invitation and session tokens) are stored as SHA-256 only.

-- A person: one e-mail (NFKC, case-folded), one password, any number of passkeys, whatever the accounts.
CREATE TABLE people (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 320),
  password_hash text,
  password_changed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- A person's place in an account. An `invited` member has not yet accepted the invitation.
CREATE TABLE account_members (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  person_id uuid NOT NULL REFERENCES people (id),
  display_name text NOT NULL DEFAULT '' CHECK (length(display_name) <= 200),
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  status text NOT NULL CHECK (status IN ('invited', 'active', 'disabled')),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz(3),
  UNIQUE (account_id, person_id)
);
CREATE INDEX account_members_person_id_idx ON account_members (person_id);

-- A one-time link to accept a membership: 7 days, single use, revocable.
CREATE TABLE member_invitations (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  member_id uuid NOT NULL REFERENCES account_members (id),
  token_hash text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  invited_by_member_id uuid REFERENCES account_members (id),
  invited_by_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  revoked_at timestamptz(3)
);
CREATE INDEX member_invitations_account_id_idx ON member_invitations (account_id, created_at DESC, id DESC);
CREATE INDEX member_invitations_member_id_idx ON member_invitations (member_id);

-- WebAuthn credentials of a person (any of them signs in, with no password at all).
CREATE TABLE member_passkeys (
  id uuid PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at timestamptz(3)
);
CREATE INDEX member_passkeys_person_id_idx ON member_passkeys (person_id);

-- A signed-in person, acting in one account at a time (the switcher changes account_id).
CREATE TABLE member_sessions (
  id text PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  csrf_token text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  flash jsonb
);
CREATE INDEX member_sessions_person_id_idx ON member_sessions (person_id);
CREATE INDEX member_sessions_expires_at_idx ON member_sessions (expires_at);

-- A WebAuthn challenge waiting for its answer (registration or sign-in), a few minutes at most.
CREATE TABLE webauthn_challenges (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
  challenge text NOT NULL,
  person_id uuid REFERENCES people (id) ON DELETE CASCADE,
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX webauthn_challenges_expires_at_idx ON webauthn_challenges (expires_at);

-- Who did what to an account's members, invitations and keys: exactly one actor per entry.
CREATE TABLE account_audit_log (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  actor_member_id uuid REFERENCES account_members (id),
  actor_api_key_id uuid REFERENCES api_keys (id),
  actor_admin boolean NOT NULL DEFAULT false,
  action text NOT NULL,
  target jsonb NOT NULL,
  CHECK ((actor_member_id IS NOT NULL)::int + (actor_api_key_id IS NOT NULL)::int + actor_admin::int = 1)
);
CREATE INDEX account_audit_log_page_idx ON account_audit_log (account_id, created_at DESC, id DESC);

-- Which member made a key (null: the operator, or before members existed).
ALTER TABLE api_keys ADD COLUMN created_by_member_id uuid REFERENCES account_members (id);
