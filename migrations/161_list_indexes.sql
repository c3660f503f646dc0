-- avs:outside-transaction
-- The indexes of GET /api/v1/assets/{planet} and GET /api/v1/events, built without locking writes on
-- PostgreSQL: each statement runs on its own (see src/db/migrate.ts). assets is partitioned, and PostgreSQL
-- builds no partitioned index concurrently: the parent's index is made ON ONLY (a catalog entry, no scan),
-- each partition's concurrently, then attached; the parent's index is valid once every partition's is.
-- Newest first for one account: keyset pages walk it from the cursor, the first and the ten-thousandth alike.
CREATE INDEX IF NOT EXISTS assets_account_created_idx ON ONLY assets (account_id, created_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_artworks_account_created_idx ON assets_artworks (account_id, created_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_collectibles_account_created_idx ON assets_collectibles (account_id, created_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_watches_account_created_idx ON assets_watches (account_id, created_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_jewelry_account_created_idx ON assets_jewelry (account_id, created_at DESC, id DESC);
ALTER INDEX assets_account_created_idx ATTACH PARTITION assets_artworks_account_created_idx;
ALTER INDEX assets_account_created_idx ATTACH PARTITION assets_collectibles_account_created_idx;
ALTER INDEX assets_account_created_idx ATTACH PARTITION assets_watches_account_created_idx;
ALTER INDEX assets_account_created_idx ATTACH PARTITION assets_jewelry_account_created_idx;
-- q: a case-insensitive substring of the title (ILIKE), answered from trigrams.
CREATE INDEX IF NOT EXISTS assets_title_trgm_idx ON ONLY assets USING gin (title gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_artworks_title_trgm_idx ON assets_artworks USING gin (title gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_collectibles_title_trgm_idx ON assets_collectibles USING gin (title gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_watches_title_trgm_idx ON assets_watches USING gin (title gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS assets_jewelry_title_trgm_idx ON assets_jewelry USING gin (title gin_trgm_ops);
ALTER INDEX assets_title_trgm_idx ATTACH PARTITION assets_artworks_title_trgm_idx;
ALTER INDEX assets_title_trgm_idx ATTACH PARTITION assets_collectibles_title_trgm_idx;
ALTER INDEX assets_title_trgm_idx ATTACH PARTITION assets_watches_title_trgm_idx;
ALTER INDEX assets_title_trgm_idx ATTACH PARTITION assets_jewelry_title_trgm_idx;
-- The events feed, newest first per account; and the pruning job's walk over dispatched events by age.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_outbox_account_created_idx ON webhook_outbox (account_id, created_at DESC, id DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_outbox_dispatched_created_idx ON webhook_outbox (created_at) WHERE dispatched_at IS NOT NULL;
