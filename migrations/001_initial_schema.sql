-- Accounts own assets, API keys and webhooks.
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Administrators of the main application; separate from accounts.
CREATE TABLE admin_users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_key ON admin_users (lower(email));

-- API keys: only the SHA-256 of the whole key is stored, plus a display prefix.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  name text,
  key_hash bytea NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  planet_scope text[] NOT NULL DEFAULT '{}',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3),
  revoked_at timestamptz(3),
  last_used_at timestamptz(3)
);
CREATE INDEX api_keys_account_id_idx ON api_keys (account_id);

-- The planets and their certificate prefixes; the code's planet table mirrors this one.
CREATE TABLE planets (
  id text PRIMARY KEY,
  certificate_prefix text NOT NULL UNIQUE
);
INSERT INTO planets (id, certificate_prefix) VALUES
  ('artworks', 'ART'), ('collectibles', 'COL'), ('watches', 'WAT'), ('jewelry', 'JWL');

-- One sequence per planet: concurrent creates never wait on each other for a number.
CREATE SEQUENCE certificate_number_artworks_seq;
CREATE SEQUENCE certificate_number_collectibles_seq;
CREATE SEQUENCE certificate_number_watches_seq;
CREATE SEQUENCE certificate_number_jewelry_seq;

-- PREFIX-YYYY-NNNNNN: planet prefix, UTC year, sequence padded to at least six digits, never truncated.
CREATE FUNCTION generate_certificate_number(p_planet text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_prefix text;
  v_next bigint;
BEGIN
  SELECT certificate_prefix INTO v_prefix FROM planets WHERE id = p_planet;
  IF v_prefix IS NULL THEN
    RAISE EXCEPTION 'unknown planet: %', p_planet USING ERRCODE = '22023';
  END IF;
  v_next := nextval(format('certificate_number_%s_seq', p_planet)::regclass);
  RETURN v_prefix || '-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' ||
    lpad(v_next::text, greatest(6, length(v_next::text)), '0');
END;
$$;

-- The planet stores: one logical table, one partition per planet.
CREATE TABLE assets (
  id uuid NOT NULL,
  planet text NOT NULL REFERENCES planets (id),
  title text NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts (id),
  certificate_number text NOT NULL,
  certificate_status text NOT NULL DEFAULT 'pending'
    CHECK (certificate_status IN ('pending', 'issued', 'suspended', 'revoked', 'rejected')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'archived')),
  attributes jsonb NOT NULL DEFAULT '{}',
  created_by uuid NOT NULL,
  updated_by uuid NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  issued_at timestamptz(3),
  revoked_at timestamptz(3),
  status_reason text,
  PRIMARY KEY (planet, id),
  UNIQUE (planet, certificate_number)
) PARTITION BY LIST (planet);
CREATE TABLE assets_artworks PARTITION OF assets FOR VALUES IN ('artworks');
CREATE TABLE assets_collectibles PARTITION OF assets FOR VALUES IN ('collectibles');
CREATE TABLE assets_watches PARTITION OF assets FOR VALUES IN ('watches');
CREATE TABLE assets_jewelry PARTITION OF assets FOR VALUES IN ('jewelry');
CREATE INDEX assets_account_id_idx ON assets (account_id);
CREATE INDEX assets_certificate_status_idx ON assets (planet, certificate_status, created_at);

-- The append-only event log; each entry is hash-chained to the previous one of its asset.
CREATE TABLE asset_events (
  id uuid PRIMARY KEY,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  sequence integer NOT NULL CHECK (sequence >= 1),
  event_type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  actor_account_id uuid,
  created_at timestamptz(3) NOT NULL,
  prev_hash text,
  hash text NOT NULL,
  UNIQUE (asset_id, sequence),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);

-- No code path updates or deletes history; the database refuses it too.
CREATE FUNCTION asset_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'asset_events is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER asset_events_append_only
  BEFORE UPDATE OR DELETE ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_append_only();

CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  disabled_at timestamptz(3)
);
CREATE INDEX webhooks_account_id_idx ON webhooks (account_id);

-- Every domain event that maps to a webhook type, written in the transaction of its change.
CREATE TABLE webhook_outbox (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  dispatched_at timestamptz(3)
);
CREATE INDEX webhook_outbox_undispatched_idx ON webhook_outbox (created_at) WHERE dispatched_at IS NULL;

-- Idempotency-Key records: the first response per account and key, kept 24 hours.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'completed')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  PRIMARY KEY (account_id, idempotency_key)
);
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
