-- Issue #50: the people who hold an object (docs/collectors.md). An asset with no current holding row is held by
-- its account (`account_id`), as every asset was before; the registrant's row is written at the first hand-over.

-- A collector: a person with a proven address who holds objects and is no member of any account through that.
-- Leaving erases the person link, the name and every holding's salt; the row stays so that what they still hold
-- reads "held by a former collector".
CREATE TABLE collectors (
  id uuid PRIMARY KEY,
  person_id uuid UNIQUE REFERENCES people (id) ON DELETE SET NULL,
  -- Shown on public pages only when show_name is chosen ("ex-collection Rosa Vogel"); never by default.
  public_name text CHECK (public_name IS NULL OR length(public_name) BETWEEN 1 AND 200),
  show_name boolean NOT NULL DEFAULT false,
  language text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  erased_at timestamptz(3)
);

-- Who held an object, and since when. The chain records a holder only as `commitment`:
-- SHA-256 over (salt, asset id, holder reference); the salt lives here alone and is erased with the collector.
CREATE TABLE asset_holdings (
  id uuid NOT NULL,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  holder_kind text NOT NULL CHECK (holder_kind IN ('account', 'collector')),
  holder_account_id uuid REFERENCES accounts (id),
  collector_id uuid REFERENCES collectors (id),
  salt bytea,
  commitment text NOT NULL,
  since timestamptz(3) NOT NULL,
  until timestamptz(3),
  -- The hand-over that began this holding (null for the registrant's first row and for an operator's move).
  handover_id uuid,
  PRIMARY KEY (id, asset_id),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id),
  CHECK ((holder_kind = 'account') = (holder_account_id IS NOT NULL)),
  CHECK ((holder_kind = 'collector') = (collector_id IS NOT NULL))
);
CREATE UNIQUE INDEX asset_holdings_current_key ON asset_holdings (asset_id) WHERE until IS NULL;
CREATE INDEX asset_holdings_asset_idx ON asset_holdings (asset_id, since);
CREATE INDEX asset_holdings_collector_idx ON asset_holdings (collector_id) WHERE until IS NULL;
CREATE INDEX asset_holdings_account_idx ON asset_holdings (holder_account_id) WHERE until IS NULL;

-- An offer to hand an object on: a `claim` anyone holding its code may accept (a collector), or a `consignment`
-- to a named account, accepted in that account's console. At most one open offer per asset.
CREATE TABLE handovers (
  id uuid PRIMARY KEY,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('claim', 'consignment')),
  from_holding_id uuid NOT NULL,
  to_account_id uuid REFERENCES accounts (id),
  -- A claim's code (>= 128 bits) is stored as SHA-256 only.
  code_hash text UNIQUE,
  -- The buyer's address when the claim was mailed; erased when the hand-over ends.
  email text CHECK (email IS NULL OR length(email) BETWEEN 3 AND 320),
  language text,
  -- The history actor that made it ({source, api_key_id | member_id | collector_id | admin}).
  created_by jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  accepted_at timestamptz(3),
  accepted_holding_id uuid,
  cancelled_at timestamptz(3),
  CHECK ((kind = 'claim') = (code_hash IS NOT NULL)),
  CHECK ((kind = 'consignment') = (to_account_id IS NOT NULL))
);
CREATE UNIQUE INDEX handovers_open_key ON handovers (asset_id) WHERE accepted_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX handovers_to_account_idx ON handovers (to_account_id, created_at) WHERE to_account_id IS NOT NULL;

-- A signed-in collector on /collection (never a console session).
CREATE TABLE collector_sessions (
  id text PRIMARY KEY,
  collector_id uuid NOT NULL REFERENCES collectors (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  flash jsonb
);
CREATE INDEX collector_sessions_collector_idx ON collector_sessions (collector_id);
CREATE INDEX collector_sessions_expires_at_idx ON collector_sessions (expires_at);

-- A short-lived proof that the person showing it holds the object now (10 minutes); its code is stored as SHA-256.
CREATE TABLE holding_proofs (
  id uuid PRIMARY KEY,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  holding_id uuid NOT NULL,
  code_hash text NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX holding_proofs_expires_at_idx ON holding_proofs (expires_at);

-- A collector's sign-in link (mailed; it proves the address): person_mail_links gains the purpose.
ALTER TABLE person_mail_links DROP CONSTRAINT person_mail_links_purpose_check;
ALTER TABLE person_mail_links
  ADD CONSTRAINT person_mail_links_purpose_check CHECK (purpose IN ('prove_address', 'sign_in', 'collection_sign_in'));
