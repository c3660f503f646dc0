-- Tag master keys for NFC tags (docs/tags.md), one per version: `avs tag-keys rotate` adds a version for new
-- bindings and never removes one, since the keys written into a tag cannot change. The SDM meta read key and
-- the SDM file read master key are derived from a version's master key when needed, never stored.
CREATE TABLE tag_key_versions (
  version int PRIMARY KEY CHECK (version > 0),
  -- 16 bytes; under AES-256-GCM (iv, tag, ciphertext) when encrypted with AVS_MASTER_KEY, as signing keys are.
  master_key bytea NOT NULL,
  master_key_encryption text NOT NULL CHECK (master_key_encryption IN ('none', 'aes-256-gcm')),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
