-- Point of sale (issue 14): stores, shifts, counter sales with their lines, payments and refunds.
-- Counter sales sell from the same option stock as the web shop (catalogSteps.takeStock, channel
-- COUNTER); they are their own records beside the web orders, and the order histories (my page, the
-- back office, the sales figures) read both with their channel.

CREATE TABLE stores (
  store_no       INTEGER PRIMARY KEY,
  store_name     TEXT NOT NULL,
  business_no    TEXT NOT NULL DEFAULT '',
  representative TEXT NOT NULL DEFAULT '',
  address        TEXT NOT NULL DEFAULT '',
  phone          TEXT NOT NULL DEFAULT '',
  receipt_footer TEXT NOT NULL DEFAULT '',
  -- points a member earns on a counter purchase, percent of what they paid
  point_rate     INTEGER NOT NULL DEFAULT 1 CHECK (point_rate BETWEEN 0 AND 100),
  active         INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at     TEXT NOT NULL
);

-- The staff account's store (members of the staff role sell at one store).
ALTER TABLE staff_accounts ADD COLUMN store_no INTEGER REFERENCES stores (store_no);

-- A shift: one till of one store from opening (cash in the drawer) to closing (cash counted).
CREATE TABLE pos_shifts (
  shift_no        INTEGER PRIMARY KEY,
  store_no        INTEGER NOT NULL REFERENCES stores (store_no),
  opened_by       INTEGER NOT NULL,
  opened_by_name  TEXT NOT NULL,
  opened_at       TEXT NOT NULL,
  opening_cash    INTEGER NOT NULL CHECK (opening_cash >= 0),
  status          TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  closed_by       INTEGER,
  closed_by_name  TEXT,
  closed_at       TEXT,
  counted_cash    INTEGER CHECK (counted_cash IS NULL OR counted_cash >= 0),
  expected_cash   INTEGER,
  close_note      TEXT NOT NULL DEFAULT ''
);
-- one open shift per store at a time
CREATE UNIQUE INDEX pos_shifts_open ON pos_shifts (store_no) WHERE status = 'OPEN';
CREATE INDEX pos_shifts_store ON pos_shifts (store_no, shift_no);

-- A counter sale. `idempotency_key` is made by the counter's browser for each sale, so a sale sent
-- twice (a retry, the offline queue) is recorded once.
CREATE TABLE pos_sales (
  sale_no            TEXT PRIMARY KEY,
  idempotency_key    TEXT NOT NULL UNIQUE,
  store_no           INTEGER NOT NULL REFERENCES stores (store_no),
  shift_no           INTEGER NOT NULL REFERENCES pos_shifts (shift_no),
  staff_member_no    INTEGER NOT NULL,
  staff_name         TEXT NOT NULL,
  member_no          INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  status             TEXT NOT NULL DEFAULT 'PAID' CHECK (status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')),
  -- amounts, all computed by the server: pay = goods − line discounts − order discount − points
  goods_amt          INTEGER NOT NULL CHECK (goods_amt >= 0),
  line_discount_amt  INTEGER NOT NULL DEFAULT 0 CHECK (line_discount_amt >= 0),
  order_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (order_discount_amt >= 0),
  order_discount_reason TEXT NOT NULL DEFAULT '',
  used_points        INTEGER NOT NULL DEFAULT 0 CHECK (used_points >= 0),
  pay_amt            INTEGER NOT NULL CHECK (pay_amt >= 0),
  earned_points      INTEGER NOT NULL DEFAULT 0 CHECK (earned_points >= 0),
  refunded_amt       INTEGER NOT NULL DEFAULT 0 CHECK (refunded_amt >= 0),
  -- 현금영수증: INCOME (소득공제, a phone or card number) or EXPENSE (지출증빙, a business number)
  cash_receipt_type  TEXT CHECK (cash_receipt_type IS NULL OR cash_receipt_type IN ('INCOME', 'EXPENSE')),
  cash_receipt_no    TEXT,
  -- the sale was made while the counter was offline; units it could not take from the stock
  offline            INTEGER NOT NULL DEFAULT 0 CHECK (offline IN (0, 1)),
  stock_short        INTEGER NOT NULL DEFAULT 0 CHECK (stock_short IN (0, 1)),
  -- when the counter made it (its clock) and when the server recorded it
  sold_at            TEXT NOT NULL,
  recorded_at        TEXT NOT NULL
);
CREATE INDEX pos_sales_sold ON pos_sales (sold_at);
CREATE INDEX pos_sales_shift ON pos_sales (shift_no);
CREATE INDEX pos_sales_member ON pos_sales (member_no, sold_at);

CREATE TABLE pos_sale_lines (
  line_no           INTEGER PRIMARY KEY,
  sale_no           TEXT NOT NULL REFERENCES pos_sales (sale_no) ON DELETE CASCADE,
  product_no        INTEGER NOT NULL,
  option_no         INTEGER NOT NULL,
  product_name      TEXT NOT NULL,
  option_label      TEXT NOT NULL DEFAULT '',
  barcode           TEXT,
  -- the option's price at the counter (sale price after its immediate discount, plus the option's)
  unit_price        INTEGER NOT NULL CHECK (unit_price >= 0),
  qty               INTEGER NOT NULL CHECK (qty > 0),
  line_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (line_discount_amt >= 0),
  line_discount_reason TEXT NOT NULL DEFAULT '',
  -- what the line costs after its own discount and its share of the order discount and points
  paid_amt          INTEGER NOT NULL CHECK (paid_amt >= 0),
  refunded_qty      INTEGER NOT NULL DEFAULT 0 CHECK (refunded_qty >= 0 AND refunded_qty <= qty),
  -- units the stock could not give (an offline sale of goods the system thought were gone)
  short_qty         INTEGER NOT NULL DEFAULT 0 CHECK (short_qty >= 0 AND short_qty <= qty)
);
CREATE INDEX pos_sale_lines_sale ON pos_sale_lines (sale_no);
CREATE INDEX pos_sale_lines_product ON pos_sale_lines (product_no);

-- How a sale was paid: one row per method (a split payment has several).
CREATE TABLE pos_payments (
  payment_no     INTEGER PRIMARY KEY,
  sale_no        TEXT NOT NULL REFERENCES pos_sales (sale_no) ON DELETE CASCADE,
  method         TEXT NOT NULL CHECK (method IN ('CASH', 'CARD', 'KAKAO_PAY')),
  amount         INTEGER NOT NULL CHECK (amount > 0),
  -- cash: what the customer handed over and the change given
  received_amt   INTEGER,
  change_amt     INTEGER,
  -- card and Kakao Pay: the provider's approval
  approval_no    TEXT,
  provider_tx_id TEXT,
  card_name      TEXT,
  refunded_amt   INTEGER NOT NULL DEFAULT 0 CHECK (refunded_amt >= 0 AND refunded_amt <= amount),
  created_at     TEXT NOT NULL
);
CREATE INDEX pos_payments_sale ON pos_payments (sale_no);

-- A refund of some units of a counter sale, back to the methods it was paid with.
CREATE TABLE pos_refunds (
  refund_no      INTEGER PRIMARY KEY,
  sale_no        TEXT NOT NULL REFERENCES pos_sales (sale_no) ON DELETE CASCADE,
  shift_no       INTEGER NOT NULL REFERENCES pos_shifts (shift_no),
  staff_member_no INTEGER NOT NULL,
  staff_name     TEXT NOT NULL,
  reason         TEXT NOT NULL,
  amount         INTEGER NOT NULL CHECK (amount >= 0),
  -- JSON [{ lineNo, qty, amount }] and [{ paymentNo, method, amount, approvalNo }]
  lines          TEXT NOT NULL,
  payments       TEXT NOT NULL,
  points_back    INTEGER NOT NULL DEFAULT 0,
  points_taken   INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT NOT NULL
);
CREATE INDEX pos_refunds_sale ON pos_refunds (sale_no);
CREATE INDEX pos_refunds_shift ON pos_refunds (shift_no);

-- Kakao Pay at the counter: a payment the customer approves on their phone by scanning a QR code.
CREATE TABLE pos_kakao_requests (
  request_id     TEXT PRIMARY KEY,
  store_no       INTEGER NOT NULL REFERENCES stores (store_no),
  amount         INTEGER NOT NULL CHECK (amount > 0),
  status         TEXT NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'APPROVED', 'CANCELLED', 'EXPIRED', 'USED')),
  approval_no    TEXT,
  provider_tx_id TEXT,
  created_at     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  approved_at    TEXT
);

-- The shop's first store; the back office renames it and adds others.
INSERT INTO stores (store_no, store_name, receipt_footer, created_at)
VALUES (1, '본점', '교환·환불은 구매일로부터 14일 이내, 영수증을 지참해 주세요.', '2026-01-01T00:00:00.000Z');
