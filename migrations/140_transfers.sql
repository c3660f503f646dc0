-- Ownership moves with the receiver's consent (issue #14 item 13): the owner offers, the receiving account
-- accepts or declines within 14 days, the owner may cancel. Only an accepted offer changes `account_id`.
CREATE TABLE transfers (
  id uuid PRIMARY KEY,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  from_account_id uuid NOT NULL REFERENCES accounts (id),
  -- No foreign key: an offer to an account that does not exist is made all the same and simply expires,
  -- so the answer never tells whether an account exists.
  to_account_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  FOREIGN KEY (planet, asset_id) REFERENCES assets (planet, id)
);

-- One open offer per asset: a second one waits until the first is answered, cancelled or expired.
CREATE UNIQUE INDEX transfers_one_pending_per_asset ON transfers (asset_id) WHERE status = 'pending';
CREATE INDEX transfers_incoming ON transfers (to_account_id, created_at DESC, id DESC) WHERE status = 'pending';
CREATE INDEX transfers_outgoing ON transfers (from_account_id, created_at DESC, id DESC) WHERE status = 'pending';
