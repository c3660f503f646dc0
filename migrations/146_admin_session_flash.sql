-- #14 item 15: an admin notice ("Key pk_… revoked.") travels in the session, shown once, not in the query string.
ALTER TABLE admin_sessions ADD COLUMN flash jsonb;
