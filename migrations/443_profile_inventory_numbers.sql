-- #49 item 1: the inventory number is the gallery's own; its certificate pages show it only when the gallery chooses
-- (docs/inventory.md, "Who sees the number"). Off unless the owner turns it on in the profile.
ALTER TABLE account_profiles ADD COLUMN show_inventory_number boolean NOT NULL DEFAULT false;
