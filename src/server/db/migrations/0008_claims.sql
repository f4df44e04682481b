-- After the sale: shipping and tracking on orders, buy confirmation with its points, and claims
-- (Shopby's word for cancellations and returns) with the lines and quantities they take, their
-- refund amounts and the state of the refund at the payment provider. Money is integer won; times
-- are UTC ISO-8601 strings written by the application. See docs/decisions/009-claims-and-refunds.md.

-- Shipping, delivery and buy confirmation of an order (one parcel per order).
ALTER TABLE orders ADD COLUMN delivery_company_type TEXT;
ALTER TABLE orders ADD COLUMN invoice_no TEXT;
ALTER TABLE orders ADD COLUMN prepared_at TEXT;
ALTER TABLE orders ADD COLUMN shipped_at TEXT;
ALTER TABLE orders ADD COLUMN delivered_at TEXT;
ALTER TABLE orders ADD COLUMN buy_confirmed_at TEXT;
-- points given at buy confirmation (the ledger entry ADD_AFTER_PAYMENT is the record; this is
-- what the order shows)
ALTER TABLE orders ADD COLUMN accumulation_given_amt INTEGER NOT NULL DEFAULT 0 CHECK (accumulation_given_amt >= 0);
-- set when every unit of a delivered order came back (order_status keeps DELIVERY_DONE: the
-- status list of 0005 has no RETURN_DONE; lists and labels read this column)
ALTER TABLE orders ADD COLUMN returned_at TEXT;
CREATE INDEX orders_member_status ON orders (member_no, order_status, ordered_at);

-- Units of a line taken by claims: cancelled, asked back (return requested, not yet decided) and
-- returned. Changed only by guarded UPDATEs keeping their sum within order_cnt.
ALTER TABLE order_options ADD COLUMN canceled_cnt INTEGER NOT NULL DEFAULT 0 CHECK (canceled_cnt >= 0);
ALTER TABLE order_options ADD COLUMN returning_cnt INTEGER NOT NULL DEFAULT 0 CHECK (returning_cnt >= 0);
ALTER TABLE order_options ADD COLUMN returned_cnt INTEGER NOT NULL DEFAULT 0 CHECK (returned_cnt >= 0);

-- Claims. claim_status uses Shopby's ClaimStatusType names where one fits:
--   CANCEL_PROC_WAITING_REFUND → CANCEL_DONE (refund confirmed by the provider) | CANCEL_NO_REFUND
--   RETURN_REQUEST → RETURN_PROC_WAITING_REFUND (approved, refund owed) → RETURN_DONE | RETURN_NO_REFUND
--   RETURN_REQUEST → RETURN_REJECT (manager) | RETURN_WITHDRAWN (the member took it back)
CREATE TABLE claims (
  claim_no                INTEGER PRIMARY KEY,
  order_no                TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  member_no               INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  claim_type              TEXT NOT NULL CHECK (claim_type IN ('CANCEL', 'RETURN')),
  claim_class_type        TEXT NOT NULL CHECK (claim_class_type IN ('ORDER_CANCEL', 'OPTION_CANCEL', 'RETURN')),
  claim_status            TEXT NOT NULL CHECK (claim_status IN (
                            'CANCEL_PROC_WAITING_REFUND', 'CANCEL_DONE', 'CANCEL_NO_REFUND',
                            'RETURN_REQUEST', 'RETURN_REJECT', 'RETURN_WITHDRAWN',
                            'RETURN_PROC_WAITING_REFUND', 'RETURN_DONE', 'RETURN_NO_REFUND')),
  claim_reason_type       TEXT NOT NULL,
  claim_reason_detail     TEXT NOT NULL DEFAULT '',
  responsible_object_type TEXT NOT NULL CHECK (responsible_object_type IN ('BUYER', 'SELLER')),
  -- JSON ["https://…/uploads/members/…", …]: the member's own uploads only
  claim_image_urls        TEXT NOT NULL DEFAULT '[]',
  return_way_type         TEXT CHECK (return_way_type IS NULL OR return_way_type IN ('SELLER_COLLECT', 'BUYER_DIRECT_RETURN')),
  -- JSON { name, contact1, contact2, zipCd, address, detailAddress, note }: where the parcel is collected
  return_address          TEXT,
  -- amounts (see claim/amounts.ts):
  -- refund_pay_amt + refund_sub_pay_amt = product_amt − product_coupon_amt − cart_coupon_amt
  --                                       + delivery_refund_amt − return_delivery_amt (never below 0)
  product_amt             INTEGER NOT NULL DEFAULT 0 CHECK (product_amt >= 0),
  product_coupon_amt      INTEGER NOT NULL DEFAULT 0 CHECK (product_coupon_amt >= 0),
  cart_coupon_amt         INTEGER NOT NULL DEFAULT 0 CHECK (cart_coupon_amt >= 0),
  delivery_refund_amt     INTEGER NOT NULL DEFAULT 0 CHECK (delivery_refund_amt >= 0),
  return_delivery_amt     INTEGER NOT NULL DEFAULT 0 CHECK (return_delivery_amt >= 0),
  -- the claim's share of the points the order used (before any deduction)
  points_share_amt        INTEGER NOT NULL DEFAULT 0 CHECK (points_share_amt >= 0),
  refund_sub_pay_amt      INTEGER NOT NULL DEFAULT 0 CHECK (refund_sub_pay_amt >= 0),
  refund_pay_amt          INTEGER NOT NULL DEFAULT 0 CHECK (refund_pay_amt >= 0),
  -- JSON [couponIssueNo, …] given back by this claim
  restored_coupons        TEXT NOT NULL DEFAULT '[]',
  refund_type             TEXT NOT NULL DEFAULT 'PG',
  -- money owed back through the provider: REQUIRED until it confirms (retried), DONE; NULL: none
  refund_status           TEXT CHECK (refund_status IS NULL OR refund_status IN ('REQUIRED', 'DONE')),
  refund_attempts         INTEGER NOT NULL DEFAULT 0,
  refund_error            TEXT,
  created_at              TEXT NOT NULL,
  -- a manager's decision on a return (approve or reject) and who made it
  decided_at              TEXT,
  decided_by              INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  reject_reason           TEXT,
  refunded_at             TEXT,
  completed_at            TEXT,
  updated_at              TEXT NOT NULL
);
CREATE INDEX claims_order ON claims (order_no, claim_no);
CREATE INDEX claims_member ON claims (member_no, created_at);
CREATE INDEX claims_status ON claims (claim_status, created_at);
CREATE INDEX claims_refund ON claims (refund_status) WHERE refund_status = 'REQUIRED';

-- The lines and units a claim takes, with their share of the money as worked out when claimed.
CREATE TABLE claim_options (
  claim_no           INTEGER NOT NULL REFERENCES claims (claim_no) ON DELETE CASCADE,
  order_option_no    INTEGER NOT NULL REFERENCES order_options (order_option_no) ON DELETE CASCADE,
  cnt                INTEGER NOT NULL CHECK (cnt >= 1),
  -- buy price (after the immediate discount) × cnt
  product_amt        INTEGER NOT NULL CHECK (product_amt >= 0),
  product_coupon_amt INTEGER NOT NULL DEFAULT 0 CHECK (product_coupon_amt >= 0),
  cart_coupon_amt    INTEGER NOT NULL DEFAULT 0 CHECK (cart_coupon_amt >= 0),
  -- product_amt − the coupon shares: what was paid for these units
  paid_amt           INTEGER NOT NULL CHECK (paid_amt >= 0),
  PRIMARY KEY (claim_no, order_option_no)
) WITHOUT ROWID;
CREATE INDEX claim_options_option ON claim_options (order_option_no);

-- Points given back by a claim carry its number: one entry per order, reason and claim. The
-- entries without a claim (payment, whole-order cancel by the payment side, buy confirmation)
-- keep "one per order and reason".
ALTER TABLE accumulations ADD COLUMN claim_no INTEGER;
DROP INDEX accumulations_order_reason;
CREATE UNIQUE INDEX accumulations_order_reason ON accumulations (order_no, reason, IFNULL(claim_no, 0))
  WHERE order_no IS NOT NULL;

-- The built-in sandbox provider's record of partial cancellations (its side, like
-- sandbox_payments): one row per refund key, so a retried partial refund is never paid twice.
CREATE TABLE sandbox_payment_cancels (
  payment_id TEXT NOT NULL,
  refund_key TEXT NOT NULL,
  amount     INTEGER NOT NULL CHECK (amount > 0),
  reason     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  PRIMARY KEY (payment_id, refund_key)
) WITHOUT ROWID;
