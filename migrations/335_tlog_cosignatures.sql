-- Witnesses' cosignatures of the current checkpoint (issue #33, docs/transparency.md): C2SP tlog-cosignature
-- note signature lines, appended as each witness answers; emptied when a new checkpoint is signed. What a
-- witness remembers lives with the witness, never here.
ALTER TABLE tlog_state ADD COLUMN cosignatures text NOT NULL DEFAULT '';

-- The served checkpoint carries them: a new cosignature is a new checkpoint text to every instance.
DROP TRIGGER tlog_state_public_read_version ON tlog_state;
CREATE TRIGGER tlog_state_public_read_version
AFTER UPDATE ON tlog_state
FOR EACH ROW WHEN (OLD.checkpoint IS DISTINCT FROM NEW.checkpoint OR OLD.cosignatures IS DISTINCT FROM NEW.cosignatures)
EXECUTE FUNCTION bump_public_read_version('tlog_checkpoint');
