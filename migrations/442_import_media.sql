-- #49 item 2: the images of an import, from a ZIP (docs/inventory.md, "Images from a ZIP"). Each file is kept as the
-- media rules made it (its type read from the bytes, its pixels checked, re-encoded without metadata), or with the
-- sentence that refused it, until the import ends; the worker attaches it to the row's asset in the row's
-- transaction.
CREATE TABLE import_media (
  import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  -- The base name as the rows name it, in lower case: rows match it without case.
  name text NOT NULL,
  -- The name as the ZIP spells it, for the answers.
  file_name text NOT NULL,
  public boolean NOT NULL DEFAULT false,
  content_type text,
  bytes bytea,
  width integer,
  height integer,
  sha256 text,
  sha384 text,
  -- The stored image's pHash, as media_fingerprints keeps it (null: none, as for an image too flat to have one).
  phash bigint,
  -- Why the media rules refused the file: [code, sentence]; null when it was kept.
  error_code text,
  error_message text,
  PRIMARY KEY (import_id, name),
  CHECK ((bytes IS NULL) = (error_code IS NOT NULL))
);

-- A new ZIP makes the import validate again: a validation that began before it does not make the import ready.
ALTER TABLE imports ADD COLUMN media_revision integer NOT NULL DEFAULT 0;
