-- #47 item 4: an account's public profile, the gallery's name and look on what it hands out (docs/members.md,
-- "The gallery's profile"). No row: the account's name and nothing else. The logo is a media blob (its bytes in
-- media_chunks or AVS_MEDIA_DIR, like an asset's image), so backups and several instances need nothing more.
CREATE TABLE account_profiles (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  -- NULL: the account's own name is shown, and follows it.
  display_name text CHECK (length(display_name) BETWEEN 1 AND 200),
  city text NOT NULL DEFAULT '' CHECK (length(city) <= 100),
  country text NOT NULL DEFAULT '' CHECK (length(country) <= 100),
  website text NOT NULL DEFAULT '' CHECK (website = '' OR (website LIKE 'https://%' AND length(website) <= 500)),
  contact_email text NOT NULL DEFAULT '' CHECK (length(contact_email) <= 320),
  logo_sha256 text REFERENCES media_blobs (sha256),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
-- A blob is removed only when neither a medium nor a logo names it (media.repository.ts).
CREATE INDEX account_profiles_logo_idx ON account_profiles (logo_sha256) WHERE logo_sha256 IS NOT NULL;

-- The certificate page shows the registering gallery's name, logo and contact: a change is seen at once.
CREATE TRIGGER account_profiles_public_read_version
AFTER INSERT OR UPDATE OR DELETE ON account_profiles
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('certificates');
