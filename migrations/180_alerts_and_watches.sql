-- Stolen and lost (#18). One row per alert an owner or an administrator raised; at most one open per asset.
CREATE TABLE asset_alerts (
  id uuid PRIMARY KEY,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  certificate_number text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('stolen', 'lost')),
  occurred_at timestamptz(3) NOT NULL,
  reference text,
  note text,
  -- The owning account (API) or the administrator ('token' for AVS_ADMIN_TOKEN) who raised it.
  raised_by_account_id uuid,
  raised_by_admin text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  resolved_at timestamptz(3),
  outcome text CHECK (outcome IN ('recovered', 'withdrawn')),
  resolved_by_account_id uuid,
  resolved_by_admin text,
  CHECK ((resolved_at IS NULL) = (outcome IS NULL)),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);
-- The database, not only the service, keeps one open alert per asset (a race of two raises gets 409).
CREATE UNIQUE INDEX asset_alerts_one_open_idx ON asset_alerts (asset_id) WHERE resolved_at IS NULL;
CREATE INDEX asset_alerts_asset_idx ON asset_alerts (asset_id, created_at);
-- A credential read asks by number whether an alert is open before its cache may answer.
CREATE INDEX asset_alerts_open_number_idx ON asset_alerts (planet, certificate_number) WHERE resolved_at IS NULL;

-- The open alert as every read of the asset row shows it (`alert: {kind, since}`), kept with the alert row in
-- one transaction: reads need no join, and a look-up knows from the row it read whether to audit.
ALTER TABLE assets ADD COLUMN alert_kind text, ADD COLUMN alert_since timestamptz(3);

-- Certificates an account watches; `watch.triggered` goes to the watcher's webhooks.
CREATE TABLE watchlist_entries (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  certificate_number text NOT NULL,
  planet text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (account_id, certificate_number)
);
CREATE INDEX watchlist_entries_number_idx ON watchlist_entries (certificate_number);
CREATE INDEX watchlist_entries_page_idx ON watchlist_entries (account_id, created_at, id);

-- The search audit: every look-up of an asset while an alert is open (append-only; exported for the police).
CREATE TABLE alert_lookups (
  id uuid PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES asset_alerts (id),
  asset_id uuid NOT NULL,
  lookup text NOT NULL CHECK (lookup IN ('get', 'certificate', 'credential', 'verify', 'public_page')),
  account_id uuid,
  api_key_id uuid,
  client_address text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX alert_lookups_asset_idx ON alert_lookups (asset_id, created_at);
