-- Stores in the back office and the stores staff may sell at (issue 14; decision 018).
--
-- A store row is edited by administrators (/manager/stores) and carries a `version` like every
-- editable row (a stale save is a 409, nothing overwritten). Store names are unique whatever the
-- case: the counter's store picker and its header show a store by name.

ALTER TABLE stores ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE stores ADD COLUMN updated_at TEXT;
CREATE UNIQUE INDEX stores_name ON stores (store_name COLLATE NOCASE);

-- The stores a staff member may sell at, set by an administrator. A staff member without any row
-- sells at their home store (staff_accounts.store_no, or store 1 when unset), as before this table
-- existed; administrators may sell at every active store and need no rows.
CREATE TABLE staff_stores (
  member_no   INTEGER NOT NULL REFERENCES staff_accounts (member_no) ON DELETE CASCADE,
  store_no    INTEGER NOT NULL REFERENCES stores (store_no),
  assigned_at TEXT NOT NULL,
  PRIMARY KEY (member_no, store_no)
);
CREATE INDEX staff_stores_store ON staff_stores (store_no);
