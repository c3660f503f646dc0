-- assets (account_id) is the leading column of assets_account_created_idx (migration 161), which serves every
-- look-up by account as well: the older index only cost every create an index insert.
DROP INDEX IF EXISTS assets_account_id_idx;
