-- Found from outside, item 8: the MEDIA_ADDED event of a private medium carries SHA-256(salt ‖ digest) instead
-- of the digest, type and size; the salt (32 random bytes, hex) is kept with the medium for its owner to reveal.
-- Null for public media and for media added before (their events, append-only, keep what they carried).
ALTER TABLE asset_media ADD COLUMN commitment_salt text CHECK (commitment_salt ~ '^[0-9a-f]{64}$');
