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
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (media_id, asset_id),
  FOREIGN KEY (media_id, asset_id) REFERENCES asset_media (id, asset_id) ON DELETE CASCADE
);
