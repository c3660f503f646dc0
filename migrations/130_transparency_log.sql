-- The transparency log (issue #13, DESIGN.md section 11): every history event, as a payload-free entry,
-- in one global RFC 6962 Merkle tree served as C2SP tiles under /tlog.

-- Events committed but not yet in the log, in insertion order. A trigger fills it in the event's own
-- transaction, so the integrator only ever sees committed events, and no create pays a round trip for it.
-- For one asset the order follows its sequence: event n+1 is inserted only after event n committed.
CREATE TABLE tlog_pending (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE
);

-- One row: the tree as last integrated, and its signed checkpoint. The integrator locks this row, so one
-- integrator at a time appends, whichever instance it runs in.
CREATE TABLE tlog_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  tree_size bigint NOT NULL DEFAULT 0,
  root_hash bytea NOT NULL,
  checkpoint text,
  checkpoint_key_id text,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
-- The RFC 6962 hash of the empty tree: SHA-256 of nothing.
INSERT INTO tlog_state (root_hash) VALUES (sha256(''::bytea));

-- The entries: the RFC 8785 JSON of {asset_id, planet, sequence, event_type, created_at, prev_hash, hash}.
CREATE TABLE tlog_entries (
  log_index bigint PRIMARY KEY CHECK (log_index >= 0),
  event_id uuid NOT NULL UNIQUE,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  sequence integer NOT NULL,
  entry bytea NOT NULL
);
CREATE INDEX tlog_entries_asset_idx ON tlog_entries (asset_id, sequence);

-- Every complete subtree's hash: level 0 the leaves, level k the subtree of 2^k leaves at index idx.
-- Tiles are levels 0, 8, 16…; proofs read the levels between.
CREATE TABLE tlog_hashes (
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 63),
  idx bigint NOT NULL CHECK (idx >= 0),
  hash bytea NOT NULL CHECK (length(hash) = 32),
  PRIMARY KEY (level, idx)
);

-- The log is append-only: no code path rewrites an entry or a hash, and the database refuses it too.
CREATE FUNCTION tlog_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER tlog_entries_append_only
  BEFORE UPDATE OR DELETE ON tlog_entries
  FOR EACH ROW EXECUTE FUNCTION tlog_append_only();
CREATE TRIGGER tlog_hashes_append_only
  BEFORE UPDATE OR DELETE ON tlog_hashes
  FOR EACH ROW EXECUTE FUNCTION tlog_append_only();

CREATE FUNCTION asset_events_queue_for_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tlog_pending (event_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_events_queue_for_log
  AFTER INSERT ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_queue_for_log();

-- Backfill: the events written before the log existed enter it first, by created_at, then asset, then sequence.
INSERT INTO tlog_pending (id, event_id)
SELECT row_number() OVER (ORDER BY created_at, asset_id, sequence), id FROM asset_events;
SELECT setval(pg_get_serial_sequence('tlog_pending', 'id'), coalesce((SELECT max(id) FROM tlog_pending), 0) + 1, false);
