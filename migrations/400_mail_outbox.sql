-- Issue #48: every message the service sends is a row written in the transaction of the change that causes it
-- (an invitation, a reset request, a notice), then handed to the SMTP server or the local mailbox by a worker with
-- retries (docs/mail.md). The row's id is the Message-ID, stable across retries.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  -- What the message is (invitation, password_reset, password_changed, address_proof, notice kinds, …).
  kind text NOT NULL,
  recipient text NOT NULL,
  person_id uuid,
  account_id uuid,
  language text NOT NULL CHECK (language IN ('en', 'fr', 'de', 'it', 'ja')),
  subject text NOT NULL,
  -- Emptied once a message that carries a one-time link has been handed on (or has failed for good).
  text_body text,
  html_body text,
  headers jsonb NOT NULL DEFAULT '{}',
  carries_secret_link boolean NOT NULL DEFAULT false,
  -- One message per cause: a second write of the same cause (a notice fanned out twice) finds it there.
  dedupe_key text UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  claim_token uuid,
  claimed_until timestamptz(3),
  last_answer text,
  transport text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  sent_at timestamptz(3)
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE state = 'pending';
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, created_at DESC);
CREATE INDEX mail_outbox_account_idx ON mail_outbox (account_id, created_at DESC) WHERE account_id IS NOT NULL;
