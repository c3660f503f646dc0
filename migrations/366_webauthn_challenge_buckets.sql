-- Round 3 from outside, item 4: a usernameless sign-in's challenge is written before anyone is known, so each
-- row names the client address's rate-limit bucket (addressBucket: an IPv6 client's /64) that asked for it, and
-- a bucket keeps only its newest few (docs/members.md). Registration challenges name their person instead.
ALTER TABLE webauthn_challenges ADD COLUMN client_bucket text;
CREATE INDEX webauthn_challenges_client_bucket_idx ON webauthn_challenges (client_bucket, expires_at)
  WHERE client_bucket IS NOT NULL;
