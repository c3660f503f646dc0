-- #49 item 4: a correction may add public images (docs/corrections.md). Each is held here, its bytes kept
-- as any medium's (media_blobs), until the operator answers: approval makes it a public medium of the asset
-- under the same id, refusal discards it.
CREATE TABLE certificate_correction_images (
  id uuid NOT NULL,
  correction_id uuid NOT NULL,
  asset_id uuid NOT NULL,
  sha256 text NOT NULL REFERENCES media_blobs (sha256),
  -- The image's perceptual hash (media_fingerprints.phash), stored with the medium on approval.
  phash bigint,
  added_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (id, asset_id),
  FOREIGN KEY (correction_id, asset_id) REFERENCES certificate_corrections (id, asset_id)
);
CREATE INDEX certificate_correction_images_correction_idx
  ON certificate_correction_images (correction_id, added_at);
CREATE INDEX certificate_correction_images_sha256_idx ON certificate_correction_images (sha256);

-- A request that only adds images says so when it is made; its images follow (POST /files/v1/corrections/{id}/images).
ALTER TABLE certificate_corrections ADD COLUMN adds_images boolean NOT NULL DEFAULT false;
