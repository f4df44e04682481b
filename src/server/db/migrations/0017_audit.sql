-- The audit trail (issue 15): every write of a manager or point-of-sale staff member, append-only.
-- Who (member and role), when, what (an action and its target), the values before and after (JSON),
-- from where. The triggers refuse any change or removal of a line once written.

CREATE TABLE audit_log (
  audit_no        INTEGER PRIMARY KEY,
  at              TEXT NOT NULL,
  actor_member_no INTEGER,
  actor_name      TEXT NOT NULL,
  actor_role      TEXT NOT NULL CHECK (actor_role IN ('ADMIN', 'STAFF', 'SYSTEM')),
  -- 'order.ship', 'product.update', 'stock.move', 'claim.approve', 'pos.refund', 'api.write' …
  action          TEXT NOT NULL,
  target_type     TEXT NOT NULL,
  target_id       TEXT NOT NULL,
  -- one Korean sentence for the list
  summary         TEXT NOT NULL,
  before_json     TEXT,
  after_json      TEXT,
  ip              TEXT,
  request         TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, at);
CREATE INDEX audit_log_actor ON audit_log (actor_member_no, at);
CREATE INDEX audit_log_action ON audit_log (action, at);

CREATE TRIGGER audit_log_append_only_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_append_only_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
