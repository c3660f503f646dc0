-- #49 item 2: a spreadsheet import (docs/inventory.md, "Import"). The file's rows are kept, one per row, with what
-- validation found and what the import did: a restart resumes at the first row without an outcome, and a row's
-- asset change and its outcome commit together, so nothing is done twice or lost.
CREATE TABLE imports (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  planet text NOT NULL,
  state text NOT NULL CHECK (state IN ('validating', 'ready', 'importing', 'done', 'failed', 'cancelled')),
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  -- The file's header row, in its order, and the header → field choices the caller gave.
  header jsonb NOT NULL,
  mapping jsonb NOT NULL DEFAULT '{}',
  -- Who uploaded it: the key or the member the history, the audit log and the created assets name.
  actor jsonb NOT NULL,
  only_valid boolean NOT NULL DEFAULT false,
  row_count integer NOT NULL DEFAULT 0,
  valid_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  created_count integer NOT NULL DEFAULT 0,
  updated_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  refused_count integer NOT NULL DEFAULT 0,
  processed_count integer NOT NULL DEFAULT 0,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX imports_account_idx ON imports (account_id, created_at DESC, id DESC);
CREATE INDEX imports_pending_work_idx ON imports (state) WHERE state IN ('validating', 'importing');

CREATE TABLE import_rows (
  import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  -- As the spreadsheet numbers it: the header is row 1.
  row_number integer NOT NULL,
  -- The row's cells as text, in the header's order.
  cells jsonb NOT NULL,
  -- What validation found: [{ column, message }]; a row with any is not imported.
  errors jsonb NOT NULL DEFAULT '[]',
  -- What the import did: created, updated, unchanged, refused, failed; null until it is done.
  outcome text CHECK (outcome IN ('created', 'updated', 'unchanged', 'refused', 'failed')),
  outcome_message text,
  asset_id uuid,
  PRIMARY KEY (import_id, row_number)
);
CREATE INDEX import_rows_todo_idx ON import_rows (import_id, row_number) WHERE outcome IS NULL;
