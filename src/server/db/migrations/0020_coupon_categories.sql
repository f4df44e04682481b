-- Coupons for categories (issue 15, decision 026). A restricted coupon (coupon_target_type
-- 'PRODUCT') applies to the products listed in coupon_target_products and to every product of the
-- categories listed here or of their subcategories, at any depth, as the tree stands when the
-- coupon is used.
CREATE TABLE coupon_target_categories (
  coupon_no   INTEGER NOT NULL REFERENCES coupons (coupon_no) ON DELETE CASCADE,
  category_no INTEGER NOT NULL REFERENCES categories (category_no) ON DELETE CASCADE,
  PRIMARY KEY (coupon_no, category_no)
) WITHOUT ROWID;
CREATE INDEX coupon_target_categories_category ON coupon_target_categories (category_no);
