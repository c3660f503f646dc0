-- Images and documents of assets (#17). Content-addressed: a blob is stored once per SHA-256 of its
-- (metadata-stripped) bytes; asset_media rows attach a blob to an asset with a caption and a visibility.
CREATE TABLE media_blobs (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- SHA-384 for the credential's digestSRI (VC 2.0 recommends sha384 as the minimum strength).
  sha384 text NOT NULL,
  content_type text NOT NULL,
  bytes bigint NOT NULL CHECK (bytes > 0),
  width integer,
  height integer,
  -- 'postgres': the bytes are in media_chunks; 'directory': in AVS_MEDIA_DIR under the hash.
  storage text NOT NULL CHECK (storage IN ('postgres', 'directory')),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The bytes of a blob kept in the database, in chunks of at most 256 KiB: a read streams chunk by chunk and
-- never needs one 10 MiB value in memory (PGlite and PostgreSQL alike).
CREATE TABLE media_chunks (
  sha256 text NOT NULL REFERENCES media_blobs (sha256) ON DELETE CASCADE,
  chunk_index integer NOT NULL CHECK (chunk_index >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (sha256, chunk_index)
);

CREATE TABLE asset_media (
  id uuid PRIMARY KEY,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  sha256 text NOT NULL REFERENCES media_blobs (sha256),
  caption text,
  public boolean NOT NULL DEFAULT false,
  created_by uuid NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);

CREATE INDEX asset_media_by_asset ON asset_media (asset_id, created_at, id);
CREATE INDEX asset_media_by_blob ON asset_media (sha256);
