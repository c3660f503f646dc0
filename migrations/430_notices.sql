-- Issue #48: notices, each one a person can turn off (docs/mail.md, "Notices").

-- What happened that members may be told of: one small row per cause, written in the transaction of its change (a
-- certificate issued, a transfer offered, an alert raised, a new sign-in). The mail worker's fan-out turns each
-- into one message per member who wants it (or a line of their daily digest) and marks it fanned out.
CREATE TABLE notice_events (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  -- The account whose members are told. No foreign key: a transfer may be offered to an account that does not exist.
  account_id uuid NOT NULL,
  -- A cause that concerns one member only (a new sign-in to their own sign-in); NULL: every member who wants it.
  member_id uuid,
  payload jsonb NOT NULL DEFAULT '{}',
  -- A cause reported once however often it is seen (an endpoint failing since a given time).
  dedupe_key text UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  fanned_out_at timestamptz(3)
);
CREATE INDEX notice_events_waiting_idx ON notice_events (created_at, id) WHERE fanned_out_at IS NULL;
CREATE INDEX notice_events_fanned_out_idx ON notice_events (fanned_out_at) WHERE fanned_out_at IS NOT NULL;

-- A member's choices: per kind (kind → true/false; a kind not named follows the member's role) and whether the
-- notices come as one daily digest instead of one message each.
CREATE TABLE member_notice_settings (
  member_id uuid PRIMARY KEY REFERENCES account_members (id) ON DELETE CASCADE,
  choices jsonb NOT NULL DEFAULT '{}',
  digest boolean NOT NULL DEFAULT false,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The causes waiting for a member's daily digest (its members chose one), sent and deleted together.
CREATE TABLE notice_digest_items (
  member_id uuid NOT NULL REFERENCES account_members (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES notice_events (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, event_id)
);
CREATE INDEX notice_digest_items_created_idx ON notice_digest_items (created_at);

-- An administrator who turned off the daily summary of certificates waiting for review (its one-click link).
CREATE TABLE admin_notice_settings (
  admin_user_id uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
  review_summary boolean NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The browsers a person has signed in from: the SHA-256 of a long-lived random cookie (avs_device). A sign-in
-- from one not listed, by a person who has one listed, is a new sign-in (the first sign-in ever is not).
CREATE TABLE person_devices (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, device_hash)
);

-- The key of the one-click unsubscribe links (an HMAC of who and which kind): made once, on first use.
CREATE TABLE notice_link_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
