-- A webhook takes the planet scope of the API key that registered it: empty means every planet
-- (webhooks registered before this migration, and those of unscoped keys).
ALTER TABLE webhooks ADD COLUMN planet_scope text[] NOT NULL DEFAULT '{}';
-- The queued deliveries of one webhook, counted against their cap at fan-out and on test events.
CREATE INDEX webhook_deliveries_pending_webhook_idx ON webhook_deliveries (webhook_id) WHERE status = 'pending';
