-- Issue #48, item 4: an invitation has two links. The one shown once to the inviter (token_hash) joins the
-- account; the one mailed to the invited address (mail_token_hash) joins it too and, because only the mailbox
-- received it, proves the address (people.address_proven_at). Showing a link to the inviter never counts as proof
-- (docs/members.md, "What binds a person to an address"). Invitations made before this have no mailed link.
ALTER TABLE member_invitations ADD COLUMN mail_token_hash text UNIQUE;
