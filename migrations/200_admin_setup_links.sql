-- #20 item 2: the one-time link that lets the first administrator choose an e-mail and password. Only the
-- token's SHA-256 is stored; a link is single use (used_at) and expires (expires_at, set by the service's clock).
CREATE TABLE admin_setup_links (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
