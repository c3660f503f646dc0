-- The asset row keeps the head of its history chain (issue #14 item 3): a history cut short, or a row
-- whose state was edited without an event, no longer checks out. The database keeps the head, so no
-- code path can forget it; the create statement writes it at insert and the trigger then finds it current.
ALTER TABLE assets ADD COLUMN head_sequence integer, ADD COLUMN head_hash text;

UPDATE assets a SET head_sequence = e.sequence, head_hash = e.hash
FROM (
  SELECT DISTINCT ON (asset_id) asset_id, planet, sequence, hash
  FROM asset_events ORDER BY asset_id, sequence DESC
) e
WHERE a.planet = e.planet AND a.id = e.asset_id;

CREATE FUNCTION asset_events_advance_head() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets SET head_sequence = NEW.sequence, head_hash = NEW.hash
  WHERE planet = NEW.planet AND id = NEW.asset_id
    AND head_sequence IS DISTINCT FROM NEW.sequence;
  RETURN NULL;
END;
$$;
CREATE TRIGGER asset_events_advance_head
  AFTER INSERT ON asset_events
  FOR EACH ROW EXECUTE FUNCTION asset_events_advance_head();
