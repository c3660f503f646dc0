-- W3C Bitstring Status Lists: one list per purpose to start, another when one fills up.
CREATE TABLE status_lists (
  purpose text NOT NULL CHECK (purpose IN ('revocation', 'suspension')),
  list_number integer NOT NULL CHECK (list_number >= 1),
  size integer NOT NULL DEFAULT 131072 CHECK (size >= 131072 AND size % 8 = 0),
  -- The last signed list credential and the digest of the bits it signed: served while they are current.
  signed_credential text,
  signed_bits_digest text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (purpose, list_number)
);
INSERT INTO status_lists (purpose, list_number) VALUES ('revocation', 1), ('suspension', 1);

-- A certificate's place in a list; is_set is its bit, changed in the transaction of the move that changes it.
CREATE TABLE status_list_entries (
  purpose text NOT NULL,
  list_number integer NOT NULL,
  status_index integer NOT NULL CHECK (status_index >= 0),
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  is_set boolean NOT NULL DEFAULT false,
  PRIMARY KEY (purpose, list_number, status_index),
  UNIQUE (purpose, planet, asset_id),
  FOREIGN KEY (purpose, list_number) REFERENCES status_lists (purpose, list_number),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);
CREATE INDEX status_list_entries_set_idx ON status_list_entries (purpose, list_number) WHERE is_set;

-- The signed certificate credential (VC 2.0, eddsa-jcs-2022), kept as the exact text that was signed.
-- NULL until signed: rows backfilled below are signed at their first read (SQL holds no signing key).
CREATE TABLE certificate_credentials (
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  certificate_number text NOT NULL,
  credential text,
  signing_key_id text REFERENCES signing_keys (id),
  signed_at timestamptz(3),
  PRIMARY KEY (planet, asset_id),
  UNIQUE (planet, certificate_number),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);

-- Backfill: every certificate issued before this migration gets its row and a random index in each list.
INSERT INTO certificate_credentials (planet, asset_id, certificate_number)
SELECT planet, id, certificate_number FROM assets WHERE issued_at IS NOT NULL;

WITH issued AS (
  SELECT planet, id, certificate_status, row_number() OVER (ORDER BY random()) AS n
  FROM assets WHERE issued_at IS NOT NULL
), slots AS (
  SELECT slot, row_number() OVER (ORDER BY random()) AS n FROM generate_series(0, 131071) AS slot
)
INSERT INTO status_list_entries (purpose, list_number, status_index, planet, asset_id, is_set)
SELECT 'revocation', 1, slots.slot, issued.planet, issued.id, issued.certificate_status = 'revoked'
FROM issued JOIN slots USING (n);

WITH issued AS (
  SELECT planet, id, certificate_status, row_number() OVER (ORDER BY random()) AS n
  FROM assets WHERE issued_at IS NOT NULL
), slots AS (
  SELECT slot, row_number() OVER (ORDER BY random()) AS n FROM generate_series(0, 131071) AS slot
)
INSERT INTO status_list_entries (purpose, list_number, status_index, planet, asset_id, is_set)
SELECT 'suspension', 1, slots.slot, issued.planet, issued.id, issued.certificate_status = 'suspended'
FROM issued JOIN slots USING (n);
