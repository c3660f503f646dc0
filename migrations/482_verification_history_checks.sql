-- Issue #53: a verification that re-hashed a long history past its check records the new check point, in the
-- statement that records the verification (docs/api.md, "Verification"). That verification read the events before
-- it writes: an edit made in between must not be covered by its check point. So an edit no longer deletes the
-- asset's check but leaves it forgotten (no check point, a reason instead), a row a verification never writes over:
-- only the next full re-check, which reads the edited events, replaces it.

CREATE OR REPLACE FUNCTION forget_history_check(asset uuid, asset_planet text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF asset IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO history_recheck_queue (asset_id, planet) VALUES (asset, asset_planet)
  ON CONFLICT (asset_id) DO NOTHING;
  INSERT INTO history_checks (asset_id, planet, checked_sequence, checked_hash, certificate_status, status,
                              logged_sequence, broken_at, broken_reason, checked_at)
  VALUES (asset, asset_planet, NULL, NULL, NULL, NULL, 0, NULL,
          'An event or log entry of this history was changed: it is checked in full until it is re-checked.', now())
  ON CONFLICT (asset_id) DO UPDATE SET planet = EXCLUDED.planet, checked_sequence = NULL, checked_hash = NULL,
    certificate_status = NULL, status = NULL, logged_sequence = 0, broken_at = NULL,
    broken_reason = EXCLUDED.broken_reason, checked_at = EXCLUDED.checked_at;
END;
$$;
