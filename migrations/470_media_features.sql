-- Local features of every image medium (#51, docs/media.md "Local features"): ORB keypoints and their binary
-- descriptors, computed after the upload by a background job (recognition/feature-job.ts) that also describes the
-- images stored before, or described with an older feature version. A removed medium loses its row (cascade).
CREATE TABLE media_features (
  media_id uuid NOT NULL,
  -- Distributed with its medium's asset (docs/scaling.md): keys and the foreign key name the asset too.
  asset_id uuid NOT NULL,
  -- The feature format (recognition/feature-format.ts): a row of another version is described again.
  version text NOT NULL,
  keypoint_count integer NOT NULL CHECK (keypoint_count >= 0),
  -- Float32 little-endian x, y, size, angle per keypoint (16 bytes each).
  keypoints bytea NOT NULL,
  -- 32 bytes per keypoint (ORB's 256-bit descriptor).
  descriptors bytea NOT NULL,
  -- The described picture's size in px (after scaling to at most 640 px): where the keypoints lie.
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  -- The visual word of each keypoint (recognition/vocabulary), uint16 little-endian, in the keypoints' order: what
  -- every instance's recognition index holds.
  words bytea NOT NULL,
  -- Numbered by each write from media_features_seq (as media_fingerprints, migration 340): every instance reads
  -- the rows written past the last number it read, a described-again row included.
  seq bigint NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (media_id, asset_id),
  FOREIGN KEY (media_id, asset_id) REFERENCES asset_media (id, asset_id) ON DELETE CASCADE
);
CREATE SEQUENCE media_features_seq;
CREATE INDEX media_features_seq_idx ON media_features (seq);
