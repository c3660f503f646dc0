-- Issue #35: an asset's history page joins each event to its log entry by (asset_id, sequence), where one
-- asset's entries sit side by side in this index, instead of by event_id, one random probe per event. The index
-- carries log_index, so at ten million entries the page reads one leaf instead of one heap page per event
-- (docs/performance.md, "Round 3: growth"). Built in the migration's transaction: writes to the log wait for it
-- (about half a minute per ten million entries).
DROP INDEX tlog_entries_asset_idx;
CREATE INDEX tlog_entries_asset_idx ON tlog_entries (asset_id, sequence) INCLUDE (log_index);
