-- #51 item 3: an account may let anyone find its issued certificates from a photograph ("findable by photo", on
-- its public profile, off unless the owner turns it on; docs/media.md, "Photo search"). The keyless search may
-- then answer a public image of such an account's issued certificate, as it answers any image of an asset with an
-- open alert.
ALTER TABLE account_profiles ADD COLUMN findable_by_photo boolean NOT NULL DEFAULT false;

-- Every change that can change what the keyless search may find writes a keyless_search_changes row for its asset
-- in its own transaction, by these triggers rather than by each service path: a future path (a new move, `avs`, a
-- test or an operator writing SQL) cannot forget it. Each instance's keyless index reads such an asset again
-- before its next search (fingerprint-catalogue.service.ts). Migration 362's rows from the service code are
-- replaced by these (docs/media.md, "Photo search": which changes write a row, and which cannot matter).
CREATE FUNCTION keyless_search_change_of_asset() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO keyless_search_changes (planet, asset_id) VALUES (OLD.planet, OLD.id);
  ELSE
    INSERT INTO keyless_search_changes (planet, asset_id) VALUES (NEW.planet, NEW.id);
  END IF;
  RETURN NULL;
END;
$$;

-- An alert raised or resolved, a certificate issued, suspended, reinstated or revoked, an asset moved to another
-- account (its new account's choice applies). Not written for the hot updates (the chain head every event moves,
-- a title or attributes): the WHEN is all they pay.
CREATE TRIGGER assets_keyless_search_change
AFTER UPDATE ON assets
FOR EACH ROW
WHEN (
  (OLD.alert_kind, OLD.certificate_status, OLD.issued_at, OLD.account_id)
  IS DISTINCT FROM
  (NEW.alert_kind, NEW.certificate_status, NEW.issued_at, NEW.account_id)
)
EXECUTE FUNCTION keyless_search_change_of_asset();

-- Assets are created pending and without an alert, and are not deleted today: these cost a create only its WHEN,
-- and keep a future path that inserts or deletes a findable asset from being forgotten.
CREATE TRIGGER assets_insert_keyless_search_change
AFTER INSERT ON assets
FOR EACH ROW WHEN (NEW.alert_kind IS NOT NULL OR NEW.issued_at IS NOT NULL)
EXECUTE FUNCTION keyless_search_change_of_asset();

CREATE TRIGGER assets_delete_keyless_search_change
AFTER DELETE ON assets
FOR EACH ROW WHEN (OLD.alert_kind IS NOT NULL OR OLD.issued_at IS NOT NULL)
EXECUTE FUNCTION keyless_search_change_of_asset();

-- A medium added, removed or made public or private. Only of an asset with an open alert or an issued certificate
-- (now or before: a revoked one keeps issued_at): a pending asset without an alert is never findable, whatever its
-- media, and these are read on the asset's row the change holds locked, so no concurrent issue or alert slips
-- between. An upload to a pending asset, the common case, writes nothing. The asset's row is gone when its deletion
-- removes its media: the deletion's own trigger above writes the row then.
CREATE FUNCTION keyless_search_change_of_medium() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  medium_planet text := CASE WHEN TG_OP = 'DELETE' THEN OLD.planet ELSE NEW.planet END;
  medium_asset uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.asset_id ELSE NEW.asset_id END;
BEGIN
  INSERT INTO keyless_search_changes (planet, asset_id)
  SELECT a.planet, a.id FROM assets a
   WHERE a.planet = medium_planet AND a.id = medium_asset
     AND (a.alert_kind IS NOT NULL OR a.issued_at IS NOT NULL);
  RETURN NULL;
END;
$$;

CREATE TRIGGER asset_media_keyless_search_change
AFTER INSERT OR DELETE ON asset_media
FOR EACH ROW
EXECUTE FUNCTION keyless_search_change_of_medium();

CREATE TRIGGER asset_media_visibility_keyless_search_change
AFTER UPDATE OF public ON asset_media
FOR EACH ROW WHEN (OLD.public IS DISTINCT FROM NEW.public)
EXECUTE FUNCTION keyless_search_change_of_medium();

-- The account's choice turned on or off: every asset of the account, in one INSERT … SELECT. Not narrowed to its
-- issued certificates or to assets without an alert: a certificate issued or an alert resolved in a transaction
-- running beside this one is not yet seen here, and its own row may be read before this one commits; a row for
-- every asset keeps that case right, at the price of a row per asset once per choice (an owner's rare click).
CREATE FUNCTION keyless_search_changes_of_account() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END;
BEGIN
  INSERT INTO keyless_search_changes (planet, asset_id)
  SELECT a.planet, a.id FROM assets a WHERE a.account_id = account;
  RETURN NULL;
END;
$$;

CREATE TRIGGER account_profiles_insert_keyless_search_change
AFTER INSERT ON account_profiles
FOR EACH ROW WHEN (NEW.findable_by_photo)
EXECUTE FUNCTION keyless_search_changes_of_account();

CREATE TRIGGER account_profiles_update_keyless_search_change
AFTER UPDATE OF findable_by_photo ON account_profiles
FOR EACH ROW WHEN (OLD.findable_by_photo IS DISTINCT FROM NEW.findable_by_photo)
EXECUTE FUNCTION keyless_search_changes_of_account();

CREATE TRIGGER account_profiles_delete_keyless_search_change
AFTER DELETE ON account_profiles
FOR EACH ROW WHEN (OLD.findable_by_photo)
EXECUTE FUNCTION keyless_search_changes_of_account();
