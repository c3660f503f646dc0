-- Issue #52 item 3 (docs/scaling.md, "Partitions"): an asset's history and its log entries, partitioned by hash of
-- asset id into 16 partitions each, on PostgreSQL and PGlite alike (this migration, not pg_partman: partman manages
-- ranges of time or ids, not hashes).
-- Why by asset: every hot read of these tables names one asset (its history page, the verification's chain and log
-- reads, the history join of migration 351, the integrator's read of a queued event, the re-check and the audit),
-- and the history is provenance: it is never archived, so there is no old part to detach. The same modulus on both
-- tables puts an asset's events and its log entries in partitions of the same remainder (asset_events_p03 beside
-- tlog_entries_p03): the history join prunes both sides to one partition each.
-- A unique key of a partitioned table must include its partition key (asset_id):
-- - asset_events keeps its primary key (asset_id, sequence), as migration 210 made it.
-- - tlog_entries' primary key becomes (log_index, asset_id), still led by log_index for the entry bundles' range
--   reads. That log_index is unique rests on tlog_hashes' primary key (level, idx): the integrator writes the leaf
--   (0, log_index) of every entry in the same transaction as the entry (appendToLog, src/modules/tlog), under the
--   log's one lock (tlog_state FOR UPDATE), so a second entry at an index fails on its leaf and rolls back with it.
-- - event_id was unique: nothing looks an entry up by it or writes ON CONFLICT on it; it kept an event from being
--   logged twice. (asset_id, sequence) names the same event (asset_events' primary key) and now carries that
--   uniqueness in the index the history join already reads (351), so one index of random uuids less.
-- The tables are made anew, their rows copied, then every constraint, index and trigger made again as before (row
-- triggers on a partitioned table are cloned to each partition). Writes to both tables wait for this migration.

-- The integrator reads a queued event by its asset too, so that its read prunes to one partition: the queue row
-- carries the event's asset and sequence (the primary key of asset_events).
ALTER TABLE tlog_pending ADD COLUMN asset_id uuid, ADD COLUMN sequence integer;
UPDATE tlog_pending p SET asset_id = e.asset_id, sequence = e.sequence FROM asset_events e WHERE e.id = p.event_id;
ALTER TABLE tlog_pending ALTER COLUMN asset_id SET NOT NULL, ALTER COLUMN sequence SET NOT NULL;

CREATE OR REPLACE FUNCTION asset_events_queue_for_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tlog_pending (event_id, asset_id, sequence) VALUES (NEW.id, NEW.asset_id, NEW.sequence);
  RETURN NULL;
END;
$$;

-- A partition's trigger names the table the statement named, not the partition it landed in.
CREATE OR REPLACE FUNCTION tlog_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only',
    coalesce((SELECT inhparent::regclass::text FROM pg_inherits WHERE inhrelid = TG_RELID), TG_TABLE_NAME)
    USING ERRCODE = '42501';
END;
$$;

CREATE TABLE asset_events_partitioned (
  id uuid NOT NULL,
  asset_id uuid NOT NULL,
  planet text NOT NULL,
  sequence integer NOT NULL CONSTRAINT asset_events_sequence_check CHECK (sequence >= 1),
  event_type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  actor_account_id uuid,
  created_at timestamptz(3) NOT NULL,
  prev_hash text,
  hash text NOT NULL
) PARTITION BY HASH (asset_id);

CREATE TABLE tlog_entries_partitioned (
  log_index bigint NOT NULL CONSTRAINT tlog_entries_log_index_check CHECK (log_index >= 0),
  event_id uuid NOT NULL,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  sequence integer NOT NULL,
  entry bytea NOT NULL
) PARTITION BY HASH (asset_id);

-- asset_events_p00 … p15 and tlog_entries_p00 … p15: partition n holds the remainder n of both.
DO $$
BEGIN
  FOR remainder IN 0..15 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF asset_events_partitioned FOR VALUES WITH (MODULUS 16, REMAINDER %s)',
                   'asset_events_p' || lpad(remainder::text, 2, '0'), remainder);
    EXECUTE format('CREATE TABLE %I PARTITION OF tlog_entries_partitioned FOR VALUES WITH (MODULUS 16, REMAINDER %s)',
                   'tlog_entries_p' || lpad(remainder::text, 2, '0'), remainder);
  END LOOP;
END;
$$;

-- The rows as they are: the new tables have no triggers yet, so nothing is queued or re-chained twice.
INSERT INTO asset_events_partitioned (id, asset_id, planet, sequence, event_type, payload, actor_account_id,
                                      created_at, prev_hash, hash)
SELECT id, asset_id, planet, sequence, event_type, payload, actor_account_id, created_at, prev_hash, hash
FROM asset_events;
INSERT INTO tlog_entries_partitioned (log_index, event_id, planet, asset_id, sequence, entry)
SELECT log_index, event_id, planet, asset_id, sequence, entry FROM tlog_entries;

DROP TABLE asset_events;
DROP TABLE tlog_entries;
ALTER TABLE asset_events_partitioned RENAME TO asset_events;
ALTER TABLE tlog_entries_partitioned RENAME TO tlog_entries;

-- asset_events: as migrations 001, 081, 130, 210 and 350 left it.
ALTER TABLE asset_events ADD CONSTRAINT asset_events_pkey PRIMARY KEY (asset_id, sequence);
CREATE INDEX asset_events_id_idx ON asset_events (id);
ALTER TABLE asset_events ADD CONSTRAINT asset_events_planet_asset_id_fkey
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id);
CREATE TRIGGER asset_events_append_only
  BEFORE UPDATE OR DELETE ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_append_only();
CREATE TRIGGER asset_events_advance_head
  AFTER INSERT ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_advance_head();
CREATE TRIGGER asset_events_queue_for_log
  AFTER INSERT ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_queue_for_log();
CREATE TRIGGER asset_events_queue_history_recheck
  AFTER INSERT ON asset_events
  FOR EACH ROW WHEN (NEW.sequence > 64)
  EXECUTE FUNCTION queue_history_recheck();
CREATE TRIGGER asset_events_forget_history_check
  AFTER UPDATE OR DELETE ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_forget_history_check();
-- Recurses to the partitions' clones of the trigger.
ALTER TABLE asset_events ENABLE ALWAYS TRIGGER asset_events_forget_history_check;

-- tlog_entries: as migrations 130, 350 and 351 left it, with the keys above.
ALTER TABLE tlog_entries ADD CONSTRAINT tlog_entries_pkey PRIMARY KEY (log_index, asset_id);
CREATE UNIQUE INDEX tlog_entries_asset_idx ON tlog_entries (asset_id, sequence) INCLUDE (log_index);
CREATE TRIGGER tlog_entries_append_only
  BEFORE UPDATE OR DELETE ON tlog_entries
  FOR EACH ROW EXECUTE FUNCTION tlog_append_only();
CREATE TRIGGER tlog_entries_queue_history_recheck
  AFTER INSERT ON tlog_entries
  FOR EACH ROW WHEN (NEW.sequence > 64)
  EXECUTE FUNCTION queue_history_recheck();
CREATE TRIGGER tlog_entries_forget_history_check
  AFTER UPDATE OR DELETE ON tlog_entries
  FOR EACH ROW EXECUTE FUNCTION asset_events_forget_history_check();
ALTER TABLE tlog_entries ENABLE ALWAYS TRIGGER tlog_entries_forget_history_check;
