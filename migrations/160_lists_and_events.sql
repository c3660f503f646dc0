-- The asset list's title search (q) is a trigram match: pg_trgm ships with PostgreSQL (a trusted extension
-- since 13) and with PGlite (@electric-sql/pglite/contrib/pg_trgm), so both databases answer it alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- A delivery keeps naming its event (the webhook-id it sends) after the events feed prunes the event
-- past AVS_EVENT_RETENTION_DAYS: the delivery log outlives the feed.
ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_outbox_id_fkey;
