-- Each verification is a read of its asset, kept in its own append-only record (DESIGN.md §6):
-- who verified what, when, with what result. History stays provenance only.
-- No foreign keys: their checks take KEY SHARE row locks, and a verification must never wait on a
-- transaction that holds the asset's row FOR UPDATE.
CREATE TABLE verifications (
  id uuid PRIMARY KEY,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  certificate_number text NOT NULL,
  verified boolean NOT NULL,
  -- The response body as the verifier received it.
  result jsonb NOT NULL,
  account_id uuid NOT NULL,
  api_key_id uuid,
  created_at timestamptz(3) NOT NULL
);
-- The owner's list: newest first, paged by (created_at, id).
CREATE INDEX verifications_asset_idx ON verifications (asset_id, created_at DESC, id DESC);

CREATE FUNCTION verifications_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verifications is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER verifications_append_only
  BEFORE UPDATE OR DELETE ON verifications
  FOR EACH ROW EXECUTE FUNCTION verifications_append_only();
