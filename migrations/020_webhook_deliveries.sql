-- One row per (webhook, outbox event): the unit of delivery, claimed with FOR UPDATE SKIP LOCKED plus a lease.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  webhook_id uuid NOT NULL REFERENCES webhooks (id),
  -- NULL for webhook.test events, which no outbox row produced.
  outbox_id uuid REFERENCES webhook_outbox (id),
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  event_created_at timestamptz(3) NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3),
  -- A worker holds a delivery until locked_until; after that (a killed worker) another may take it.
  locked_until timestamptz(3),
  claim_token uuid,
  last_attempt_at timestamptz(3),
  last_status_code integer,
  last_error text,
  last_response_excerpt text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, outbox_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC);
CREATE INDEX webhooks_active_account_idx ON webhooks (account_id) WHERE status = 'active';
