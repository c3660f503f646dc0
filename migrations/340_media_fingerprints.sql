-- Photo search (#34, docs/media.md): the perceptual fingerprint of every image medium, written in the upload's
-- transaction from the stored (metadata-stripped) bytes; a PDF has none. Media stored before this migration are
-- fingerprinted by a job at start (fingerprint-catalogue.service.ts). Each instance keeps them all in memory.
CREATE TABLE media_fingerprints (
  media_id uuid NOT NULL,
  -- Distributed with its medium's asset (docs/scaling.md): keys and the foreign key name the asset too.
  asset_id uuid NOT NULL,
  -- The 64-bit DCT pHash, its bits stored as a signed int8 (the service reads them back unsigned).
  phash bigint NOT NULL,
  -- The order rows were written in: another instance reads the rows past the last it read (and the gaps it saw).
  -- Numbered by the insert from media_fingerprints_seq on the coordinator, not by a column default.
  seq bigint NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (media_id, asset_id),
  FOREIGN KEY (media_id, asset_id) REFERENCES asset_media (id, asset_id) ON DELETE CASCADE
);
CREATE SEQUENCE media_fingerprints_seq;
CREATE INDEX media_fingerprints_seq_idx ON media_fingerprints (seq);
