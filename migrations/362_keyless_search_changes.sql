-- #46 item 2 (docs/media.md, "Photo search"): the keyless search looks only in an index of the images it may
-- answer, those of assets with an open stolen or lost alert, so an image it may not answer is never its candidate.
-- A change to that set other than a new fingerprint (an alert raised or resolved, an image of such an asset
-- removed) is a row here; each instance reads the rows past the last it read before a search, as it reads
-- media_fingerprints, and reads that asset's images again. Rows are few: one per such change.
CREATE TABLE keyless_search_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
