-- #49 item 4: corrections after issue (docs/corrections.md).

-- W3C Bitstring Status List's `refresh` purpose: a credential's bit says a newer version of it exists.
ALTER TABLE status_lists DROP CONSTRAINT status_lists_purpose_check;
ALTER TABLE status_lists
  ADD CONSTRAINT status_lists_purpose_check CHECK (purpose IN ('revocation', 'suspension', 'refresh'));
INSERT INTO status_lists (purpose, list_number) VALUES ('refresh', 1);

-- Each signed version of a certificate's credential: revocation and suspension hold one entry for every
-- version (version 1), a refresh entry belongs to one version, so the old one's bit can be set alone.
ALTER TABLE certificate_credentials ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE status_list_entries ADD COLUMN credential_version integer NOT NULL DEFAULT 1;
ALTER TABLE status_list_entries
  DROP CONSTRAINT status_list_entries_pkey,
  ADD PRIMARY KEY (purpose, planet, asset_id, credential_version);

-- A credential replaced by a correction is served anew: the public credential reads watch this topic.
INSERT INTO public_read_versions (topic) VALUES ('credentials');
CREATE TRIGGER certificate_credentials_public_read_version
AFTER UPDATE ON certificate_credentials
FOR EACH ROW WHEN (OLD.credential IS NOT NULL AND OLD.credential IS DISTINCT FROM NEW.credential)
EXECUTE FUNCTION bump_public_read_version('credentials');

-- A member's request to correct an issued certificate, and the operator's answer.
CREATE TABLE certificate_corrections (
  id uuid NOT NULL,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts (id),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved', 'refused')),
  -- The fields as an update body sends them (null removes one), and the public media to remove.
  fields jsonb NOT NULL,
  remove_media_ids uuid[] NOT NULL DEFAULT '{}',
  reason text NOT NULL,
  -- Who asked: the history actor of the key or member ({source, api_key_id | member_id}).
  requested_by jsonb NOT NULL,
  requested_at timestamptz(3) NOT NULL DEFAULT now(),
  -- The administrator's user id, or 'token' for AVS_ADMIN_TOKEN.
  decided_by text,
  decided_at timestamptz(3),
  decision_reason text,
  -- On approval: the CERTIFICATE_AMENDED event's sequence and the credential version it signed.
  amended_sequence integer,
  credential_version integer,
  PRIMARY KEY (id, asset_id),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id),
  CHECK ((status = 'open') = (decided_at IS NULL))
);
CREATE INDEX certificate_corrections_id_idx ON certificate_corrections (id);
-- At most one open request per asset.
CREATE UNIQUE INDEX certificate_corrections_open_key ON certificate_corrections (asset_id) WHERE status = 'open';
CREATE INDEX certificate_corrections_open_idx ON certificate_corrections (requested_at) WHERE status = 'open';
CREATE INDEX certificate_corrections_asset_idx ON certificate_corrections (asset_id, requested_at);
