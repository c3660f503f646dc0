-- Tap to verify (#32, docs/tags.md): NFC tags (NTAG 424 DNA) bound to assets, and every tap of one.
-- Both tables stay on the coordinator at the Citus step (docs/scaling.md): a tap finds its tag by UID, not by
-- asset id, and an unknown tag's tap has no asset at all. So no foreign key to the distributed `assets`.

-- A tag bound to an asset. Its keys are derived from the tag key version it was bound with and its UID
-- (migration 310, tag-keys.service.ts), never stored. A UID belongs to one asset only, for good: unbinding keeps the
-- row (and its last counter, so an old link stays a copy), and only the same asset may bind it again.
CREATE TABLE tags (
  id uuid PRIMARY KEY,
  -- The 7-byte UID as 14 upper-case hex digits, as NXP's tools show it.
  uid text NOT NULL CHECK (uid ~ '^[0-9A-F]{14}$'),
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  -- The asset's certificate number, which never changes: a tap reads the certificate without reading the asset.
  certificate_number text NOT NULL,
  key_version integer NOT NULL REFERENCES tag_key_versions (version),
  -- An NTAG 424 DNA TT whose link carries its tamper loop's status (the `enc` parameter).
  tamper boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('active', 'unbound')),
  -- The read counter of the last accepted tap (24 bits); null before the first.
  last_counter integer CHECK (last_counter BETWEEN 0 AND 16777215),
  last_tapped_at timestamptz(3),
  bound_at timestamptz(3) NOT NULL DEFAULT now(),
  unbound_at timestamptz(3),
  unbind_reason text,
  CHECK ((status = 'unbound') = (unbound_at IS NOT NULL))
);
CREATE UNIQUE INDEX tags_uid_key ON tags (uid);
-- One active tag per asset, kept by the database too (two binds at once: the second gets 409).
CREATE UNIQUE INDEX tags_one_active_per_asset ON tags (asset_id) WHERE status = 'active';
CREATE INDEX tags_asset_idx ON tags (asset_id, bound_at DESC);

-- Every tap of /t, whatever its verdict (append-only): the owner reads its asset's taps beside its verifications.
CREATE TABLE tag_taps (
  id uuid PRIMARY KEY,
  -- Null for an unknown tag: nothing in the link named a tag of this service.
  tag_id uuid,
  asset_id uuid,
  planet text,
  verdict text NOT NULL
    CHECK (verdict IN ('genuine', 'copied', 'forged', 'unknown_tag', 'unbound', 'tampered')),
  -- The read counter the link carried (null when it could not be read).
  counter integer CHECK (counter BETWEEN 0 AND 16777215),
  -- The answer as the tapper received it, without its receipt.
  result jsonb NOT NULL,
  client_address text,
  created_at timestamptz(3) NOT NULL,
  CHECK ((tag_id IS NULL) = (asset_id IS NULL))
);
-- The owner's list: newest first, paged by (created_at, id).
CREATE INDEX tag_taps_asset_idx ON tag_taps (asset_id, created_at DESC, id DESC) WHERE asset_id IS NOT NULL;

CREATE FUNCTION tag_taps_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tag_taps is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER tag_taps_append_only
  BEFORE UPDATE OR DELETE ON tag_taps
  FOR EACH ROW EXECUTE FUNCTION tag_taps_append_only();

-- A tap of an asset with an open alert is on the search audit (docs/alerts.md), as every other look-up.
ALTER TABLE alert_lookups DROP CONSTRAINT alert_lookups_lookup_check;
ALTER TABLE alert_lookups ADD CONSTRAINT alert_lookups_lookup_check
  CHECK (lookup IN ('get', 'certificate', 'credential', 'verify', 'public_page', 'tap'));
