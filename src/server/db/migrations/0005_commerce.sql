-- Commerce: member carts, coupons and issued coupons, the points ledger, order sheets, orders with
-- their lines, coupons and delivery groups, payments, webhook deliveries, guest order tokens, and
-- the built-in `sandbox` payment provider's own records. Money is integer won; times are UTC
-- ISO-8601 strings written by the application. Secrets (guest tokens, guest order tokens) are kept
-- only as SHA-256 hex digests; guest order passwords only as argon2id hashes.
--
-- Order statuses are Shopby's (DefaultOrderStatusType): PAY_WAIT → DEPOSIT_WAIT (virtual account
-- issued) | PAY_DONE → PRODUCT_PREPARE → DELIVERY_PREPARE → DELIVERY_ING → DELIVERY_DONE →
-- BUY_CONFIRM; PAY_FAIL (declined), PAY_CANCEL (the shopper left the payment window) and
-- CANCEL_DONE (cancelled after the money moved, refunded or to be refunded: see refund_status).

-- Member cart lines. Lines without custom input are unique per (member, option): adding the same
-- option again adds to its quantity (spec section 4). Lines with custom input never merge.
CREATE TABLE carts (
  cart_no       INTEGER PRIMARY KEY,
  member_no     INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  product_no    INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  option_no     INTEGER NOT NULL REFERENCES product_options (option_no) ON DELETE CASCADE,
  order_cnt     INTEGER NOT NULL CHECK (order_cnt BETWEEN 1 AND 999),
  -- JSON [{ "inputLabel": "...", "inputValue": "..." }], '[]' when none
  option_inputs TEXT NOT NULL DEFAULT '[]',
  has_inputs    INTEGER NOT NULL DEFAULT 0 CHECK (has_inputs IN (0, 1)),
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
CREATE INDEX carts_member ON carts (member_no, cart_no);
CREATE UNIQUE INDEX carts_same_line ON carts (member_no, option_no) WHERE has_inputs = 0;

-- Coupon definitions. PRODUCT coupons discount one product's lines, CART coupons the order's goods.
-- A discount is a fixed amount (WON) or a percent (RATE, optionally capped by max_discount_amt).
CREATE TABLE coupons (
  coupon_no           INTEGER PRIMARY KEY,
  coupon_name         TEXT NOT NULL,
  coupon_type         TEXT NOT NULL CHECK (coupon_type IN ('PRODUCT', 'CART')),
  -- ALL_PRODUCT, or PRODUCT: only the products listed in coupon_target_products
  coupon_target_type  TEXT NOT NULL DEFAULT 'ALL_PRODUCT' CHECK (coupon_target_type IN ('ALL_PRODUCT', 'PRODUCT')),
  discount_unit       TEXT NOT NULL CHECK (discount_unit IN ('WON', 'RATE')),
  discount_value      INTEGER NOT NULL CHECK (discount_value > 0),
  -- 0: no cap
  max_discount_amt    INTEGER NOT NULL DEFAULT 0 CHECK (max_discount_amt >= 0),
  -- the discounted amount (product's lines, or the order's goods) must reach this
  min_order_amt       INTEGER NOT NULL DEFAULT 0 CHECK (min_order_amt >= 0),
  -- shoppers may download it themselves (else only given by the shop)
  downloadable        INTEGER NOT NULL DEFAULT 0 CHECK (downloadable IN (0, 1)),
  issue_start_at      TEXT NOT NULL,
  issue_end_at        TEXT,
  -- validity: an absolute end, and/or a number of days after issue (the earlier wins)
  use_end_at          TEXT,
  use_days            INTEGER CHECK (use_days IS NULL OR use_days > 0),
  issue_per_member_limit INTEGER NOT NULL DEFAULT 1 CHECK (issue_per_member_limit >= 1),
  -- NULL: unlimited
  total_issue_limit   INTEGER CHECK (total_issue_limit IS NULL OR total_issue_limit >= 0),
  issued_cnt          INTEGER NOT NULL DEFAULT 0 CHECK (issued_cnt >= 0),
  active              INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at          TEXT NOT NULL,
  CHECK (use_end_at IS NOT NULL OR use_days IS NOT NULL),
  CHECK (total_issue_limit IS NULL OR issued_cnt <= total_issue_limit)
);

CREATE TABLE coupon_target_products (
  coupon_no  INTEGER NOT NULL REFERENCES coupons (coupon_no) ON DELETE CASCADE,
  product_no INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  PRIMARY KEY (coupon_no, product_no)
) WITHOUT ROWID;

-- Coupons issued to members. Single use: ISSUED → USED (by one order) → ISSUED again only when
-- that order is cancelled. The change is a guarded UPDATE … WHERE status = 'ISSUED'.
CREATE TABLE coupon_issues (
  coupon_issue_no INTEGER PRIMARY KEY,
  coupon_no       INTEGER NOT NULL REFERENCES coupons (coupon_no),
  member_no       INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  status          TEXT NOT NULL DEFAULT 'ISSUED' CHECK (status IN ('ISSUED', 'USED', 'WITHDRAWN')),
  issued_at       TEXT NOT NULL,
  use_end_at      TEXT NOT NULL,
  used_at         TEXT,
  used_order_no   TEXT,
  CHECK (status <> 'USED' OR used_order_no IS NOT NULL)
);
CREATE INDEX coupon_issues_member ON coupon_issues (member_no, status, use_end_at);
CREATE INDEX coupon_issues_coupon ON coupon_issues (coupon_no, member_no);

-- Points (Shopby "accumulation"). The balance row is what guarded subtractions run against
-- (balance >= amount, never below 0); the ledger keeps every entry with the balance after it.
CREATE TABLE accumulation_balances (
  member_no  INTEGER PRIMARY KEY REFERENCES members (member_no) ON DELETE CASCADE,
  balance    INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at TEXT NOT NULL
);

CREATE TABLE accumulations (
  accumulation_no     INTEGER PRIMARY KEY,
  member_no           INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  accumulation_status TEXT NOT NULL CHECK (accumulation_status IN ('GIVE', 'SUBTRACTION')),
  accumulation_amt    INTEGER NOT NULL CHECK (accumulation_amt > 0),
  balance_after       INTEGER NOT NULL CHECK (balance_after >= 0),
  -- Shopby's reserve reasons: SUB_PAYMENT_USED (paid an order), ADD_CANCEL (given back when the
  -- order was cancelled), ADD_AFTER_PAYMENT (buy confirm), ADD_SIGNUP, ADD_EVENT, ADD_MANUAL …
  reason              TEXT NOT NULL,
  reason_detail       TEXT NOT NULL DEFAULT '',
  order_no            TEXT,
  created_at          TEXT NOT NULL
);
CREATE INDEX accumulations_member ON accumulations (member_no, accumulation_no);
-- one use and one restore per order at most
CREATE UNIQUE INDEX accumulations_order_reason ON accumulations (order_no, reason) WHERE order_no IS NOT NULL;

-- Order sheets: what the shopper is about to buy, before the checkout page. Owned by a member or a
-- guest identity (the digest of the guestToken header).
CREATE TABLE order_sheets (
  order_sheet_no   TEXT PRIMARY KEY,
  member_no        INTEGER REFERENCES members (member_no) ON DELETE CASCADE,
  guest_token_hash TEXT,
  -- JSON [{ productNo, optionNo, orderCnt, optionInputs: [{ inputLabel, inputValue }] }]
  products         TEXT NOT NULL,
  -- JSON [{ couponIssueNo, productNo }] chosen on the product page
  product_coupons  TEXT NOT NULL DEFAULT '[]',
  -- JSON [cartNo, …]: member cart lines to remove once paid
  cart_nos         TEXT NOT NULL DEFAULT '[]',
  created_at       TEXT NOT NULL,
  expires_at       TEXT NOT NULL,
  -- set when an order from it was paid: a sheet buys once
  ordered_at       TEXT,
  CHECK (member_no IS NOT NULL OR guest_token_hash IS NOT NULL)
);
CREATE INDEX order_sheets_expiry ON order_sheets (expires_at);

CREATE TABLE orders (
  order_no            TEXT PRIMARY KEY,
  order_sheet_no      TEXT NOT NULL REFERENCES order_sheets (order_sheet_no),
  member_no           INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  -- guests: the identity that ordered, and the order password (argon2id)
  guest_token_hash    TEXT,
  guest_password_hash TEXT,
  order_status        TEXT NOT NULL DEFAULT 'PAY_WAIT' CHECK (order_status IN (
                        'PAY_WAIT', 'DEPOSIT_WAIT', 'PAY_DONE', 'PRODUCT_PREPARE', 'DELIVERY_PREPARE',
                        'DELIVERY_ING', 'DELIVERY_DONE', 'BUY_CONFIRM', 'PAY_FAIL', 'PAY_CANCEL', 'CANCEL_DONE')),
  pay_type            TEXT NOT NULL CHECK (pay_type IN ('CREDIT_CARD', 'VIRTUAL_ACCOUNT', 'MOBILE', 'NAVER_EASY_PAY')),
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
  -- REQUIRED until the provider confirms the refund (DONE); retried while REQUIRED
  refund_status       TEXT CHECK (refund_status IS NULL OR refund_status IN ('REQUIRED', 'DONE')),
  refund_attempts     INTEGER NOT NULL DEFAULT 0,
  ordered_at          TEXT NOT NULL,
  paid_at             TEXT,
  deposit_wait_at     TEXT,
  canceled_at         TEXT,
  updated_at          TEXT NOT NULL
);
CREATE INDEX orders_member ON orders (member_no, ordered_at);
CREATE INDEX orders_status ON orders (order_status, updated_at);
CREATE INDEX orders_sheet ON orders (order_sheet_no);
CREATE INDEX orders_refund ON orders (refund_status) WHERE refund_status = 'REQUIRED';

-- Order lines with the price as it was when ordered.
CREATE TABLE order_options (
  order_option_no     INTEGER PRIMARY KEY,
  order_no            TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  product_no          INTEGER NOT NULL,
  option_no           INTEGER NOT NULL,
  product_name        TEXT NOT NULL,
  option_name         TEXT NOT NULL DEFAULT '',
  option_value        TEXT NOT NULL DEFAULT '',
  option_management_cd TEXT NOT NULL DEFAULT '',
  image_url           TEXT NOT NULL DEFAULT '',
  order_cnt           INTEGER NOT NULL CHECK (order_cnt >= 1),
  sale_price          INTEGER NOT NULL,
  add_price           INTEGER NOT NULL DEFAULT 0,
  immediate_discount_amt INTEGER NOT NULL DEFAULT 0,
  -- one unit after the immediate discount; buy_amt = buy_price × order_cnt
  buy_price           INTEGER NOT NULL,
  buy_amt             INTEGER NOT NULL,
  product_coupon_discount_amt INTEGER NOT NULL DEFAULT 0,
  cart_coupon_discount_amt INTEGER NOT NULL DEFAULT 0,
  accumulation_rate   INTEGER NOT NULL DEFAULT 0,
  -- JSON [{ inputNo, inputLabel, inputValue }]
  option_inputs       TEXT NOT NULL DEFAULT '[]',
  -- delivery group: partner and delivery template
  partner_no          INTEGER NOT NULL,
  partner_name        TEXT NOT NULL,
  delivery_template_no INTEGER NOT NULL,
  cart_no             INTEGER
);
CREATE INDEX order_options_order ON order_options (order_no);
CREATE INDEX order_options_product ON order_options (product_no);

CREATE TABLE order_delivery_groups (
  order_no            TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  partner_no          INTEGER NOT NULL,
  partner_name        TEXT NOT NULL,
  delivery_template_no INTEGER NOT NULL,
  delivery_condition_type TEXT NOT NULL,
  delivery_amt        INTEGER NOT NULL DEFAULT 0,
  remote_delivery_amt INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (order_no, partner_no, delivery_template_no)
) WITHOUT ROWID;

-- Coupons an order uses; marked USED when the order is paid, given back when it is cancelled.
CREATE TABLE order_coupons (
  order_no        TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  coupon_issue_no INTEGER NOT NULL REFERENCES coupon_issues (coupon_issue_no),
  coupon_type     TEXT NOT NULL CHECK (coupon_type IN ('PRODUCT', 'CART')),
  product_no      INTEGER,
  discount_amt    INTEGER NOT NULL CHECK (discount_amt >= 0),
  PRIMARY KEY (order_no, coupon_issue_no)
) WITHOUT ROWID;

-- Payments as Podo knows them; the provider's own record is the truth and is re-fetched on every
-- confirmation.
CREATE TABLE payments (
  payment_no          INTEGER PRIMARY KEY,
  order_no            TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  provider            TEXT NOT NULL,
  provider_payment_id TEXT NOT NULL,
  pay_type            TEXT NOT NULL,
  amount              INTEGER NOT NULL CHECK (amount >= 0),
  status              TEXT NOT NULL DEFAULT 'READY' CHECK (status IN (
                        'READY', 'VIRTUAL_ACCOUNT_ISSUED', 'PAID', 'FAILED', 'CANCELLED')),
  vbank_code          TEXT,
  vbank_name          TEXT,
  vbank_account       TEXT,
  vbank_holder        TEXT,
  vbank_due_at        TEXT,
  approved_at         TEXT,
  failure_reason      TEXT,
  -- the provider's last answer, as JSON (for support)
  raw                 TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  UNIQUE (provider, provider_payment_id)
);
CREATE INDEX payments_order ON payments (order_no);

-- Every webhook delivery, by the provider's delivery id: a replay finds its row and does nothing.
CREATE TABLE payment_webhook_deliveries (
  provider            TEXT NOT NULL,
  delivery_id         TEXT NOT NULL,
  event_type          TEXT NOT NULL,
  provider_payment_id TEXT,
  payload             TEXT NOT NULL,
  received_at         TEXT NOT NULL,
  processed_at        TEXT,
  outcome             TEXT,
  PRIMARY KEY (provider, delivery_id)
) WITHOUT ROWID;

-- Guest order look-up tokens (POST /guest/orders/{orderNo} with the order password).
CREATE TABLE guest_order_tokens (
  token_hash TEXT PRIMARY KEY,
  order_no   TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX guest_order_tokens_expiry ON guest_order_tokens (expires_at);

-- The built-in `sandbox` provider's side: what a real provider would keep on its servers. Podo's
-- order code never reads this table; it goes through the payment port like with any provider.
CREATE TABLE sandbox_payments (
  payment_id     TEXT PRIMARY KEY,
  order_no       TEXT NOT NULL,
  order_name     TEXT NOT NULL,
  amount         INTEGER NOT NULL CHECK (amount >= 0),
  pay_type       TEXT NOT NULL,
  buyer_name     TEXT NOT NULL DEFAULT '',
  status         TEXT NOT NULL DEFAULT 'READY' CHECK (status IN (
                   'READY', 'VIRTUAL_ACCOUNT_ISSUED', 'PAID', 'FAILED', 'CANCELLED')),
  return_url     TEXT NOT NULL,
  vbank_code     TEXT,
  vbank_name     TEXT,
  vbank_account  TEXT,
  vbank_holder   TEXT,
  vbank_due_at   TEXT,
  paid_at        TEXT,
  failure_reason TEXT,
  cancelled_amt  INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
);
