-- The stored response is replayed byte for byte: jsonb would reorder the keys of pass-through fields.
ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE text USING response_body::text;
