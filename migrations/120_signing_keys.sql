-- Ed25519 signing keys, one set per purpose: 'credentials' (certificate credentials, status lists,
-- receipts) and later 'log' (transparency log checkpoints), kept the same way.
-- status: 'active' signs (one per purpose), 'published' no longer signs but still verifies,
-- 'retired' is unpublished (a compromised key): what it signed no longer verifies.
CREATE TABLE signing_keys (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('credentials', 'log')),
  algorithm text NOT NULL DEFAULT 'Ed25519' CHECK (algorithm = 'Ed25519'),
  public_key bytea NOT NULL CHECK (length(public_key) = 32),
  -- PKCS#8 DER; under AES-256-GCM (iv, tag, ciphertext) when encrypted with AVS_MASTER_KEY.
  private_key bytea NOT NULL,
  private_key_encryption text NOT NULL CHECK (private_key_encryption IN ('none', 'aes-256-gcm')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'published', 'retired')),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  superseded_at timestamptz(3),
  retired_at timestamptz(3)
);
-- One signing key per purpose; instances racing to create the first one meet on this index.
CREATE UNIQUE INDEX signing_keys_one_active_per_purpose ON signing_keys (purpose) WHERE status = 'active';
