-- Issue #50: the certificate page shows an object's provenance (docs/collectors.md, "Provenance"). A hand-over, a
-- collector choosing to be named (or no longer) or leaving must show on the page at once, as any other change of
-- what the page shows does (migration 190): each bumps the certificates' version.
CREATE TRIGGER asset_holdings_public_read_version
AFTER INSERT OR UPDATE OR DELETE ON asset_holdings
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('certificates');

CREATE TRIGGER collectors_public_read_version
AFTER UPDATE OF public_name, show_name, erased_at ON collectors
FOR EACH STATEMENT
EXECUTE FUNCTION bump_public_read_version('certificates');
