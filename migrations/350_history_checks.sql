-- Issue #35: a verification of a long history re-hashes only what changed since the history was last checked in
-- full (docs/api.md, "Verification"). The checks are derived from asset_events and the log: a full re-check
-- (the background job, `avs audit`) rebuilds every row, so a lost or stale row only costs a full check.

-- What the last full re-check of an asset's history found. Intact: the chain recomputed from event 1 up to
-- checked_sequence (whose hash was checked_hash), the row's states were those its replay gives (kept here, so a
-- verification replays only the events after it), and events 1..logged_sequence had the leaves the log holds.
-- Broken: broken_at and broken_reason; /verify then checks the history in full until it is intact again.
CREATE TABLE history_checks (
  asset_id uuid PRIMARY KEY,
  planet text NOT NULL,
  checked_sequence integer,
  checked_hash text,
  certificate_status text,
  status text,
  logged_sequence integer NOT NULL DEFAULT 0,
  broken_at integer,
  broken_reason text,
  checked_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((broken_reason IS NULL) = (checked_sequence IS NOT NULL))
);
CREATE INDEX history_checks_broken_idx ON history_checks (asset_id) WHERE broken_reason IS NOT NULL;

-- The histories to re-check in full: those that grew past the length /verify always checks in full (64 events,
-- FULL_CHECK_EVENTS in src/modules/history/history-integrity.ts) or whose events the log appended, and those
-- whose events or log entries were edited. Empty when nothing moved, so the re-check that finds it empty costs one index read.
CREATE TABLE history_recheck_queue (
  asset_id uuid PRIMARY KEY,
  planet text NOT NULL
);

CREATE FUNCTION queue_history_recheck() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_recheck_queue (asset_id, planet) VALUES (NEW.asset_id, NEW.planet)
  ON CONFLICT (asset_id) DO NOTHING;
  RETURN NULL;
END;
$$;
-- A short history is checked in full by every verification: it needs no check of its own, and a create (one
-- event) pays nothing for this trigger beyond its WHEN.
CREATE TRIGGER asset_events_queue_history_recheck
  AFTER INSERT ON asset_events
  FOR EACH ROW WHEN (NEW.sequence > 64)
  EXECUTE FUNCTION queue_history_recheck();
-- The log appends events a moment after they are written: the check then catches up with the log too, or a
-- verification would re-hash every event the log had not reached at the re-check.
CREATE TRIGGER tlog_entries_queue_history_recheck
  AFTER INSERT ON tlog_entries
  FOR EACH ROW WHEN (NEW.sequence > 64)
  EXECUTE FUNCTION queue_history_recheck();

-- An event or a log entry changed or removed (no code path does: it takes SQL with the append-only triggers
-- switched off) forgets the check of its asset, so the next verification checks that history in full, and queues
-- a re-check. ENABLE ALWAYS: these fire even under session_replication_role = replica, the usual way round
-- the append-only triggers. The queue row is written first: it waits for a re-check holding it, whose check is
-- then forgotten here after its commit.
CREATE FUNCTION forget_history_check(asset uuid, asset_planet text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF asset IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO history_recheck_queue (asset_id, planet) VALUES (asset, asset_planet)
  ON CONFLICT (asset_id) DO NOTHING;
  DELETE FROM history_checks WHERE asset_id = asset;
END;
$$;

CREATE FUNCTION asset_events_forget_history_check() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forget_history_check(OLD.asset_id, OLD.planet);
  IF TG_OP = 'UPDATE' AND NEW.asset_id IS DISTINCT FROM OLD.asset_id THEN
    PERFORM forget_history_check(NEW.asset_id, NEW.planet);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_events_forget_history_check
  AFTER UPDATE OR DELETE ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_forget_history_check();
ALTER TABLE asset_events ENABLE ALWAYS TRIGGER asset_events_forget_history_check;

CREATE TRIGGER tlog_entries_forget_history_check
  AFTER UPDATE OR DELETE ON tlog_entries
  FOR EACH ROW EXECUTE FUNCTION asset_events_forget_history_check();
ALTER TABLE tlog_entries ENABLE ALWAYS TRIGGER tlog_entries_forget_history_check;

-- A leaf is a level-0 hash; its asset is the one of the log entry at its index.
CREATE FUNCTION tlog_hashes_forget_history_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entry_asset uuid;
  entry_planet text;
BEGIN
  IF OLD.level = 0 THEN
    SELECT asset_id, planet INTO entry_asset, entry_planet FROM tlog_entries WHERE log_index = OLD.idx;
    PERFORM forget_history_check(entry_asset, entry_planet);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tlog_hashes_forget_history_check
  AFTER UPDATE OR DELETE ON tlog_hashes
  FOR EACH ROW EXECUTE FUNCTION tlog_hashes_forget_history_check();
ALTER TABLE tlog_hashes ENABLE ALWAYS TRIGGER tlog_hashes_forget_history_check;

-- The long histories written before this migration are re-checked once.
INSERT INTO history_recheck_queue (asset_id, planet)
SELECT id, planet FROM assets WHERE head_sequence > 64;
