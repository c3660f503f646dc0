-- A photo search (#34) that matches an asset with an open alert is on its search audit (docs/alerts.md).
ALTER TABLE alert_lookups DROP CONSTRAINT alert_lookups_lookup_check;
ALTER TABLE alert_lookups ADD CONSTRAINT alert_lookups_lookup_check
  CHECK (lookup IN ('get', 'certificate', 'credential', 'verify', 'public_page', 'tap', 'photo'));
