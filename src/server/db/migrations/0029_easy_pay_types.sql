-- podo:foreign-keys-off
-- Easy pay (issue 18, decision 036): 카카오페이 and 토스페이 are pay types of their own (Shopby's
-- `KAKAO_PAY`, `TOSS_PAY`). orders.pay_type has a CHECK listing the pay types, which SQLite cannot
-- change in place, so orders is rebuilt by SQLite's twelve steps with foreign keys off (see
-- 0012_counter_custom_orders.sql and src/server/db/migrate.ts): create the new table with the same
-- columns in the same order, copy the rows, drop the old table, rename, re-create the indexes. The
-- tables that refer to orders do so by name and point at the new table. Rule of this file: a
-- statement ends at a line ending with `;`.

CREATE TABLE orders_rebuilt (
  order_no            TEXT PRIMARY KEY,
  order_sheet_no      TEXT NOT NULL REFERENCES order_sheets (order_sheet_no),
  member_no           INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  -- guests: the identity that ordered, and the order password (argon2id)
  guest_token_hash    TEXT,
  guest_password_hash TEXT,
  order_status        TEXT NOT NULL DEFAULT 'PAY_WAIT' CHECK (order_status IN (
                        'PAY_WAIT', 'DEPOSIT_WAIT', 'PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE',
                        'DELIVERY_ING', 'DELIVERY_DONE', 'BUY_CONFIRM', 'PAY_FAIL', 'PAY_CANCEL', 'CANCEL_DONE')),
  pay_type            TEXT NOT NULL CHECK (pay_type IN ('CREDIT_CARD', 'VIRTUAL_ACCOUNT', 'MOBILE', 'NAVER_EASY_PAY', 'KAKAO_PAY', 'TOSS_PAY')),
  -- the payment provider ('sandbox', 'portone'; 'none' for an order that costs 0 won)
  pg_type             TEXT NOT NULL,
  platform            TEXT NOT NULL DEFAULT 'PC',
  orderer_name        TEXT NOT NULL,
  orderer_contact1    TEXT NOT NULL,
  orderer_contact2    TEXT NOT NULL DEFAULT '',
  orderer_email       TEXT NOT NULL DEFAULT '',
  receiver_name       TEXT NOT NULL,
  receiver_zip_cd     TEXT NOT NULL,
  receiver_address    TEXT NOT NULL,
  receiver_jibun_address TEXT NOT NULL DEFAULT '',
  receiver_detail_address TEXT NOT NULL DEFAULT '',
  receiver_contact1   TEXT NOT NULL,
  receiver_contact2   TEXT NOT NULL DEFAULT '',
  delivery_memo       TEXT NOT NULL DEFAULT '',
  -- amounts, all computed by the server:
  -- pay_amt = standard − immediate discount − product coupons − cart coupon − points + delivery + remote
  standard_amt        INTEGER NOT NULL CHECK (standard_amt >= 0),
  immediate_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (immediate_discount_amt >= 0),
  product_coupon_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (product_coupon_discount_amt >= 0),
  cart_coupon_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (cart_coupon_discount_amt >= 0),
  used_accumulation_amt INTEGER NOT NULL DEFAULT 0 CHECK (used_accumulation_amt >= 0),
  delivery_amt        INTEGER NOT NULL DEFAULT 0 CHECK (delivery_amt >= 0),
  remote_delivery_amt INTEGER NOT NULL DEFAULT 0 CHECK (remote_delivery_amt >= 0),
  pay_amt             INTEGER NOT NULL CHECK (pay_amt >= 0),
  accumulation_amt_when_buy_confirm INTEGER NOT NULL DEFAULT 0,
  cart_coupon_issue_no INTEGER,
  -- JSON [cartNo, …] to remove when paid
  cart_nos            TEXT NOT NULL DEFAULT '[]',
  -- JSON of the terms agreed at checkout
  agreed_terms        TEXT NOT NULL DEFAULT '[]',
  -- why the order ended in PAY_FAIL / CANCEL_DONE (SOLD_OUT, COUPON_USED, AMOUNT_MISMATCH, …)
  failure_code        TEXT,
  failure_message     TEXT,
  -- money taken but the order could not be completed, or it was cancelled after payment:
  -- REQUIRED until the provider confirms the refund (DONE), retried while REQUIRED
  refund_status       TEXT CHECK (refund_status IS NULL OR refund_status IN ('REQUIRED', 'DONE')),
  refund_attempts     INTEGER NOT NULL DEFAULT 0,
  ordered_at          TEXT NOT NULL,
  paid_at             TEXT,
  deposit_wait_at     TEXT,
  canceled_at         TEXT,
  updated_at          TEXT NOT NULL,
  -- added by 0008_claims
  delivery_company_type TEXT,
  invoice_no          TEXT,
  prepared_at         TEXT,
  shipped_at          TEXT,
  delivered_at        TEXT,
  buy_confirmed_at    TEXT,
  accumulation_given_amt INTEGER NOT NULL DEFAULT 0 CHECK (accumulation_given_amt >= 0),
  returned_at         TEXT
);

INSERT INTO orders_rebuilt SELECT * FROM orders;
DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;
CREATE INDEX orders_member ON orders (member_no, ordered_at);
CREATE INDEX orders_status ON orders (order_status, updated_at);
CREATE INDEX orders_sheet ON orders (order_sheet_no);
CREATE INDEX orders_refund ON orders (refund_status) WHERE refund_status = 'REQUIRED';
CREATE INDEX orders_member_status ON orders (member_no, order_status, ordered_at);
CREATE INDEX orders_paid ON orders (paid_at) WHERE paid_at IS NOT NULL;
