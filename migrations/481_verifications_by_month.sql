-- Issue #52 item 3 (docs/scaling.md, "Partitions"): the verification records, partitioned by month of created_at.
-- Why by time: verifications are the one history that grows with reads, not with writes, and they are records, not
-- provenance: a month no longer wanted online is detached (DETACH PARTITION; not CONCURRENTLY, which PostgreSQL
-- refuses while a DEFAULT partition exists) and archived. Each read
-- still finds its rows by index in each month it touches: an asset's list (the primary key, led by asset_id) walks the
-- months newest first and stops at its page, a page after a cursor skips the months after it, the owner's figures
-- since a day skip the months before it, and a look-up by id reads the month its UUIDv7 was made in
-- (verificationWindow, src/modules/verification).
-- Managed by pg_partman where it is installed and this role may create it (PostgreSQL with Debian's
-- postgresql-15-partman): partman makes the months ahead in its maintenance. Elsewhere (PGlite, PostgreSQL without
-- partman) the service does: verifications_make_months, called by this migration and by the service's hourly
-- step, makes the coming months; a DEFAULT partition takes a row of any month not made (none, unless a
-- restore brings older months than the oldest made here, or the maintenance has not run for months).

-- The old table gives its names up to the new one.
ALTER TABLE verifications RENAME TO verifications_unpartitioned;
ALTER TABLE verifications_unpartitioned DROP CONSTRAINT verifications_pkey;
DROP INDEX verifications_id_idx;
DROP TRIGGER verifications_append_only ON verifications_unpartitioned;

-- As migrations 080 and 210 left it: the primary key includes created_at, the partition key, already.
CREATE TABLE verifications (
  id uuid NOT NULL,
  planet text NOT NULL,
  asset_id uuid NOT NULL,
  certificate_number text NOT NULL,
  verified boolean NOT NULL,
  -- The response body as the verifier received it.
  result jsonb NOT NULL,
  account_id uuid NOT NULL,
  api_key_id uuid,
  created_at timestamptz(3) NOT NULL,
  CONSTRAINT verifications_pkey PRIMARY KEY (asset_id, created_at, id)
) PARTITION BY RANGE (created_at);
CREATE INDEX verifications_id_idx ON verifications (id);
CREATE TRIGGER verifications_append_only
  BEFORE UPDATE OR DELETE ON verifications
  FOR EACH ROW EXECUTE FUNCTION verifications_append_only();

-- The months from `first` to `months_ahead` months after the current one (UTC), each verifications_pYYYY_MM as
-- pg_partman names them, those not made yet; how many it made. Under a transaction-scoped advisory lock, so that two
-- instances' maintenance never make one month twice.
CREATE FUNCTION verifications_make_months(first timestamptz, months_ahead integer) RETURNS integer
LANGUAGE plpgsql SET "TimeZone" TO 'UTC' AS $$
DECLARE
  made integer := 0;
  month timestamp;
BEGIN
  PERFORM pg_advisory_xact_lock(4242481);
  FOR month IN SELECT generate_series(date_trunc('month', first AT TIME ZONE 'UTC'),
                                      date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => months_ahead),
                                      interval '1 month') LOOP
    IF to_regclass('verifications_p' || to_char(month, 'YYYY_MM')) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF verifications FOR VALUES FROM (%L) TO (%L)',
                     'verifications_p' || to_char(month, 'YYYY_MM'),
                     to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
                     to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END;
$$;

-- The hourly step (src/modules/verification/verification-partitions.plugin.ts): pg_partman's maintenance of
-- this table where partman manages it, the months ahead otherwise. How many months the service made.
CREATE FUNCTION verifications_maintain_partitions(months_ahead integer) RETURNS integer
LANGUAGE plpgsql SET "TimeZone" TO 'UTC' AS $$
DECLARE
  partman_schema text;
  managed integer := 0;
BEGIN
  SELECT n.nspname INTO partman_schema FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace
  WHERE x.extname = 'pg_partman';
  IF partman_schema IS NOT NULL THEN
    EXECUTE format('SELECT 1 FROM %I.part_config WHERE parent_table = %L', partman_schema,
                   current_schema() || '.verifications');
    GET DIAGNOSTICS managed = ROW_COUNT;
    IF managed > 0 THEN
      EXECUTE format('SELECT %I.run_maintenance(%L)', partman_schema, current_schema() || '.verifications');
      RETURN 0;
    END IF;
  END IF;
  RETURN verifications_make_months(now(), months_ahead);
END;
$$;

DO $$
DECLARE
  oldest timestamptz := coalesce((SELECT min(created_at) FROM verifications_unpartitioned), now());
  partman_schema text;
BEGIN
  -- Months are UTC months, partman's as the service's.
  PERFORM set_config('TimeZone', 'UTC', true);
  SELECT n.nspname INTO partman_schema FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace
  WHERE x.extname = 'pg_partman';
  -- pg_partman: installed already, or available and this role a superuser (its CREATE EXTENSION needs one).
  IF partman_schema IS NULL
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_partman')
     AND (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    CREATE SCHEMA IF NOT EXISTS partman;
    CREATE EXTENSION pg_partman SCHEMA partman;
    partman_schema := 'partman';
  END IF;
  IF partman_schema IS NOT NULL THEN
    -- Every month from the oldest record's on, three ahead, a DEFAULT partition; and months ahead even while no
    -- verification arrives (infinite_time_partitions).
    EXECUTE format('SELECT %I.create_parent(%L, ''created_at'', ''native'', ''monthly'', p_premake := 3, '
                   'p_start_partition := %L)', partman_schema, current_schema() || '.verifications',
                   to_char(date_trunc('month', oldest AT TIME ZONE 'UTC'), 'YYYY-MM-DD') || ' 00:00:00+00');
    EXECUTE format('UPDATE %I.part_config SET infinite_time_partitions = true WHERE parent_table = %L',
                   partman_schema, current_schema() || '.verifications');
  ELSE
    CREATE TABLE verifications_default PARTITION OF verifications DEFAULT;
    PERFORM verifications_make_months(oldest, 3);
  END IF;
END;
$$;

INSERT INTO verifications (id, planet, asset_id, certificate_number, verified, result, account_id, api_key_id,
                           created_at)
SELECT id, planet, asset_id, certificate_number, verified, result, account_id, api_key_id, created_at
FROM verifications_unpartitioned;
DROP TABLE verifications_unpartitioned;
