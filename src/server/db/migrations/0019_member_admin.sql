-- The members back office (issue 15; decision 025).
--
-- `version` counts the back office's changes of a member (grade, groups, staff role, suspension,
-- withdrawal): a manager's save names the version it read, a stale one is a 409 and changes
-- nothing. A suspension is member_status 'LOCKED' (login refused, sessions ended) with its reason
-- and time; a withdrawal the member asked for (by phone, by 1:1 inquiry) is recorded first and
-- completed by a manager with the same erasure as DELETE /profile.

ALTER TABLE members ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE members ADD COLUMN suspended_at TEXT;
ALTER TABLE members ADD COLUMN suspension_reason TEXT;
ALTER TABLE members ADD COLUMN withdrawal_requested_at TEXT;
ALTER TABLE members ADD COLUMN withdrawal_request_reason TEXT;
CREATE INDEX members_created_at ON members (created_at);
CREATE INDEX members_withdrawal_requested ON members (withdrawal_requested_at) WHERE withdrawal_requested_at IS NOT NULL;
