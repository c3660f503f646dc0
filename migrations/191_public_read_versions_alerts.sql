-- #18 and #15 together: the certificate page shows an open alert, so raising or resolving one is a change its
-- cached answer must not outlive (the page then answers no-store and records each look-up).
DROP TRIGGER assets_public_read_version ON assets;
CREATE TRIGGER assets_public_read_version
AFTER UPDATE ON assets
FOR EACH ROW
WHEN (
  (OLD.title, OLD.account_id, OLD.certificate_number, OLD.certificate_status, OLD.status, OLD.attributes,
   OLD.issued_at, OLD.revoked_at, OLD.status_reason, OLD.alert_kind, OLD.alert_since)
  IS DISTINCT FROM
  (NEW.title, NEW.account_id, NEW.certificate_number, NEW.certificate_status, NEW.status, NEW.attributes,
   NEW.issued_at, NEW.revoked_at, NEW.status_reason, NEW.alert_kind, NEW.alert_since)
)
EXECUTE FUNCTION bump_public_read_version('certificates');
