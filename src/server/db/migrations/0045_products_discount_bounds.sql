-- The next moment any product's price changes by the clock (decision 085): a list's first pages
-- kept in a price order end then, as a product outside them whose discount starts or ends can move
-- into them. Read as two index seeks (the smallest start and end after now) instead of a scan of
-- every product. Partial: most products have neither.
CREATE INDEX products_discount_start ON products (immediate_discount_start_ymdt)
  WHERE immediate_discount_start_ymdt IS NOT NULL;
CREATE INDEX products_discount_end ON products (immediate_discount_end_ymdt)
  WHERE immediate_discount_end_ymdt IS NOT NULL;
