-- 재입고 알림 (issue 18, decision 033): a shopper asks to be told when a sold-out option is back.
-- The recipient's phone and e-mail are copied in at the request (a guest has no other record), so
-- the message written when the stock returns needs no other module's tables. One waiting request
-- per option and person (`person_key`: the member, or a guest's phone digits); a notified or
-- cancelled request no longer counts, so asking again after a message makes a new request.
CREATE TABLE restock_alerts (
  alert_no      INTEGER PRIMARY KEY,
  option_no     INTEGER NOT NULL REFERENCES product_options (option_no) ON DELETE CASCADE,
  product_no    INTEGER NOT NULL,
  member_no     INTEGER,
  person_key    TEXT NOT NULL,
  name          TEXT NOT NULL,
  mobile_no     TEXT,
  email         TEXT,
  -- a guest's consent to the use of the phone number for this one message
  consented_at  TEXT,
  status        TEXT NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'NOTIFIED', 'CANCELLED')),
  created_at    TEXT NOT NULL,
  notified_at   TEXT,
  cancelled_at  TEXT
);
CREATE UNIQUE INDEX restock_alerts_waiting ON restock_alerts (option_no, person_key) WHERE status = 'WAITING';
CREATE INDEX restock_alerts_member ON restock_alerts (member_no, created_at) WHERE member_no IS NOT NULL;
-- the products back in stock lately (/restock) are read from the ledger's increases
CREATE INDEX stock_ledger_increases ON stock_ledger (created_ymdt) WHERE delta > 0;
