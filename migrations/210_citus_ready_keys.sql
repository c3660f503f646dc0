-- #19: the keys Citus needs, made now because on one server they cost nothing. Citus distributes the
-- asset tables by asset id and requires every primary key of a distributed table, and every foreign key
-- between two of them, to include that column (docs/scaling.md, "5. Citus").

-- The two largest tables keep their index sizes: an asset's events are already unique by (asset_id, sequence),
-- and its verifications are listed by (asset_id, created_at, id); those become the primary keys, and the
-- look-up by id alone keeps an index of its own (ids are random UUIDs, unique by construction).
ALTER TABLE asset_events
  DROP CONSTRAINT asset_events_pkey,
  DROP CONSTRAINT asset_events_asset_id_sequence_key,
  ADD PRIMARY KEY (asset_id, sequence);
CREATE INDEX asset_events_id_idx ON asset_events (id);
DROP INDEX verifications_asset_idx;
ALTER TABLE verifications DROP CONSTRAINT verifications_pkey, ADD PRIMARY KEY (asset_id, created_at, id);
CREATE INDEX verifications_id_idx ON verifications (id);

-- The smaller ones: (id, asset_id), still led by id.
ALTER TABLE transfers DROP CONSTRAINT transfers_pkey, ADD PRIMARY KEY (id, asset_id);
ALTER TABLE asset_media DROP CONSTRAINT asset_media_pkey, ADD PRIMARY KEY (id, asset_id);

-- A search-audit row belongs to its alert's asset: the foreign key names both, as colocated tables need.
ALTER TABLE alert_lookups DROP CONSTRAINT alert_lookups_alert_id_fkey;
ALTER TABLE asset_alerts DROP CONSTRAINT asset_alerts_pkey, ADD PRIMARY KEY (id, asset_id);
ALTER TABLE alert_lookups
  DROP CONSTRAINT alert_lookups_pkey,
  ADD PRIMARY KEY (id, asset_id),
  ADD CONSTRAINT alert_lookups_alert_fkey FOREIGN KEY (alert_id, asset_id) REFERENCES asset_alerts (id, asset_id);

-- A certificate's place in a status list is keyed by the certificate; the slot's uniqueness stays a unique
-- index here, which the Citus step replaces by allocating slots under the list's row lock.
ALTER TABLE status_list_entries
  DROP CONSTRAINT status_list_entries_pkey,
  DROP CONSTRAINT status_list_entries_purpose_planet_asset_id_key,
  ADD PRIMARY KEY (purpose, planet, asset_id),
  ADD CONSTRAINT status_list_entries_slot_key UNIQUE (purpose, list_number, status_index);
