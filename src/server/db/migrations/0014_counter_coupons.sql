-- The counter, second part (issue 14): a member's coupons used at the counter, text inputs asked for
-- at the counter (각인 문구), and a custom order's production stopped when its line is refunded.

-- What the sale's coupons took off (product coupons and the cart coupon together);
-- pay_amt = goods − line discounts − coupons − order discount − points.
ALTER TABLE pos_sales ADD COLUMN coupon_discount_amt INTEGER NOT NULL DEFAULT 0 CHECK (coupon_discount_amt >= 0);

-- The coupons a counter sale used (coupon_issues.used_order_no holds the sale number). A product
-- coupon discounts one product's lines, the cart coupon the whole sale.
CREATE TABLE pos_sale_coupons (
  sale_no         TEXT NOT NULL REFERENCES pos_sales (sale_no) ON DELETE CASCADE,
  coupon_issue_no INTEGER NOT NULL REFERENCES coupon_issues (coupon_issue_no),
  coupon_type     TEXT NOT NULL CHECK (coupon_type IN ('PRODUCT', 'CART')),
  product_no      INTEGER,
  coupon_name     TEXT NOT NULL,
  discount_amt    INTEGER NOT NULL CHECK (discount_amt > 0),
  PRIMARY KEY (sale_no, coupon_issue_no),
  CHECK ((coupon_type = 'PRODUCT') = (product_no IS NOT NULL))
);

-- The product's text inputs the customer gave at the counter: JSON [{ inputNo, inputLabel, inputValue }].
ALTER TABLE pos_sale_lines ADD COLUMN option_inputs TEXT NOT NULL DEFAULT '[]';

-- A custom order whose line was refunded before it was made: production stopped (no more status
-- moves, the print service told). The status keeps where production stood.
ALTER TABLE custom_orders ADD COLUMN cancelled_at TEXT;
ALTER TABLE custom_orders ADD COLUMN cancel_reason TEXT;

-- The print service simulator: entries (design ids) of an order cancelled one by one.
ALTER TABLE pod_simulator_orders ADD COLUMN cancelled_entries TEXT NOT NULL DEFAULT '[]';
