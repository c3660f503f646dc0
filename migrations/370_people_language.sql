-- A person's own choice of language for the console and the mail sent to them (docs/languages.md); NULL: their
-- browser's (Accept-Language), or English.
ALTER TABLE people ADD COLUMN language text CHECK (language IN ('en', 'fr', 'de', 'it', 'ja'));
