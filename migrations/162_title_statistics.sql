-- A finer sample of titles, so the planner estimates how many rows a q matches: a common term is then answered
-- by walking the account's newest-first index until a page is full (a few hundred buffers at a million assets),
-- a rare one from the trigram index. With the default sample a 1 % term was estimated at 0.01 % and the
-- trigram index fetched every match to sort them (10,000 heap blocks). Takes SHARE UPDATE EXCLUSIVE: writes go on.
ALTER TABLE assets ALTER COLUMN title SET STATISTICS 1000;
