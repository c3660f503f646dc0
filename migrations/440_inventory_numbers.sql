-- #49 item 1: the gallery's own stock number (docs/inventory.md). It belongs to the account that holds the asset,
-- not to the object: its own column, never in the history, a credential or the public page, and cleared when the
-- asset moves to another account. Unique per account and planet: a re-import finds the asset by it.
ALTER TABLE assets ADD COLUMN inventory_number text
  CHECK (inventory_number IS NULL OR length(inventory_number) BETWEEN 1 AND 100);
CREATE UNIQUE INDEX assets_inventory_number_key ON assets (planet, account_id, inventory_number)
  WHERE inventory_number IS NOT NULL;

-- Before this, `inventory_number` was a pass-through field like any other. Where it was a short string and the
-- only one of its value in the account's planet, it becomes the column; any other stays as it was stored.
WITH candidates AS (
  SELECT planet, id, btrim(attributes ->> 'inventory_number') AS value,
         count(*) OVER (PARTITION BY planet, account_id, btrim(attributes ->> 'inventory_number')) AS same_value
  FROM assets
  WHERE jsonb_typeof(attributes -> 'inventory_number') = 'string'
)
UPDATE assets a
SET inventory_number = c.value, attributes = a.attributes - 'inventory_number'
FROM candidates c
WHERE a.planet = c.planet AND a.id = c.id AND c.same_value = 1 AND length(c.value) BETWEEN 1 AND 100;
