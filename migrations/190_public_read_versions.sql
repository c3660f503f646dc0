-- #15 item 5: public reads that can change (certificate pages, status lists, did.json/JWKS, the checkpoint)
-- are served from each instance's memory while the version of what they were made from is unchanged. A
-- trigger on every table they are made from bumps its topic's version in the writing transaction, so a change
-- by any path (the API, `avs` admin moves, a test writing SQL) is seen by every instance's next version check.
-- Triggers fire only when something a public read shows changes, so the hot writes (the chain head a create
-- updates, an unset status bit taken at a credential's first read) never queue on these rows.
CREATE TABLE public_read_versions (
  topic text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO public_read_versions (topic)
VALUES ('certificates'), ('status_lists'), ('signing_keys'), ('tlog_checkpoint');

CREATE FUNCTION bump_public_read_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public_read_versions SET version = version + 1 WHERE topic = TG_ARGV[0];
  RETURN NULL;
END;
$$;

-- The certificate page shows these columns (head_sequence/head_hash/updated_* are not shown).
CREATE TRIGGER assets_public_read_version
AFTER UPDATE ON assets
FOR EACH ROW
WHEN (
  (OLD.title, OLD.account_id, OLD.certificate_number, OLD.certificate_status, OLD.status, OLD.attributes,
   OLD.issued_at, OLD.revoked_at, OLD.status_reason)
  IS DISTINCT FROM
  (NEW.title, NEW.account_id, NEW.certificate_number, NEW.certificate_status, NEW.status, NEW.attributes,
   NEW.issued_at, NEW.revoked_at, NEW.status_reason)
)
EXECUTE FUNCTION bump_public_read_version('certificates');

CREATE TRIGGER assets_delete_public_read_version
AFTER DELETE ON assets
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('certificates');

-- The page shows the first public image.
CREATE TRIGGER asset_media_public_read_version
AFTER INSERT OR UPDATE OR DELETE ON asset_media
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('certificates');

-- A status list shows its set bits only.
CREATE TRIGGER status_entries_insert_public_read_version
AFTER INSERT ON status_list_entries
FOR EACH ROW WHEN (NEW.is_set)
EXECUTE FUNCTION bump_public_read_version('status_lists');

CREATE TRIGGER status_entries_update_public_read_version
AFTER UPDATE ON status_list_entries
FOR EACH ROW WHEN (OLD.is_set IS DISTINCT FROM NEW.is_set OR (NEW.is_set AND OLD.status_index <> NEW.status_index))
EXECUTE FUNCTION bump_public_read_version('status_lists');

CREATE TRIGGER status_entries_delete_public_read_version
AFTER DELETE ON status_list_entries
FOR EACH ROW WHEN (OLD.is_set)
EXECUTE FUNCTION bump_public_read_version('status_lists');

-- did.json, the JWK Set, the log's key, and every signed list (which key signs it).
CREATE TRIGGER signing_keys_public_read_version
AFTER INSERT OR UPDATE OR DELETE ON signing_keys
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('signing_keys');

CREATE TRIGGER tlog_state_public_read_version
AFTER UPDATE ON tlog_state
FOR EACH ROW WHEN (OLD.checkpoint IS DISTINCT FROM NEW.checkpoint)
EXECUTE FUNCTION bump_public_read_version('tlog_checkpoint');
