-- Issue #46: an invitation link proves only that someone holds it, not that they own its e-mail address. A person
-- made by opening a link belongs to that link's account alone until the address is proven (address_proven_at,
-- set by a later proof by mail); another account's invitation to the same address makes its own person, with its
-- own password or passkey. So an address may name several people, and at most one proven one (docs/members.md).
ALTER TABLE people ADD COLUMN address_proven_at timestamptz(3);
ALTER TABLE people DROP CONSTRAINT people_email_key;
CREATE INDEX people_email_idx ON people (email);
CREATE UNIQUE INDEX people_proven_email_key ON people (email) WHERE address_proven_at IS NOT NULL;

-- A pending invitation made before this rule may name a person who already belongs to another account (and may
-- have been given a password by whoever opened that account's link): it gets a person of its own, with no way to
-- sign in yet, so that its link asks for a new password instead of that one. Each person keeps one membership
-- that was not split off: an accepted one, else its first invitation.
CREATE TEMPORARY TABLE split_invitees ON COMMIT DROP AS
SELECT m.id AS member_id, gen_random_uuid() AS person_id, p.email
FROM account_members m JOIN people p ON p.id = m.person_id
WHERE m.status = 'invited'
  AND EXISTS (
    SELECT 1 FROM account_members other
    WHERE other.person_id = m.person_id AND other.id <> m.id
      AND (other.status <> 'invited' OR other.created_at < m.created_at
        OR (other.created_at = m.created_at AND other.id < m.id))
  );
INSERT INTO people (id, email) SELECT person_id, email FROM split_invitees;
UPDATE account_members m SET person_id = s.person_id FROM split_invitees s WHERE m.id = s.member_id;
