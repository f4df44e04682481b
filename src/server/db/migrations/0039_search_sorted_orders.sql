-- A keyword's list by newest or by price, walked in that order (issue 16, decision 059).
--
-- Decision 050 made the search index's rowid a popularity key, so a keyword's popular page reads a
-- few hundred matches, not all of them. By newest or by price a keyword with more than 1,000
-- matches still built the list of every match (방진: 33,494 at 100,000 products) before walking the
-- order's index over products: 16-19 ms of CPU a page by newest, 29-35 ms by price. This second
-- index holds every product three times, each row under the key of one more order:
--
--   key = (ordering × 2^21 + bucket) × 2^40 + product_no
--   ordering 0: the sale start (SALE_YMD); bucket = whole hours since 1970, 0 … 2^21 − 1
--   ordering 1: the lowest price the product can have (its immediate discount applied whatever its
--               period, list-repo.ts PRICE_FLOOR_SQL): the lowest price first walks it
--   ordering 2: the sale price (the highest its price now can be): the highest price first walks it
--   price bucket = the number of digits × 1000 + the first three digits (12,900 and 12,999 share one)
--
-- FTS5 hands its matches over in rowid order and honours a rowid range, so a page reads one
-- ordering's rows from one end until it has its page, then every match up to the far end of the
-- last bucket it touched, and sorts those exactly (list-repo.ts sortedWalkSql). The price now
-- depends on the clock (a discount's period), which no trigger sees: the floor and the sale price
-- bound it from below and from above, and the page sorts by the price now within that bound.
--
-- The triggers keep it in the statement that writes a product: its rows are written again when its
-- texts, brand, partner, sale start, price or discount change (sale, review and like counters, the
-- writes of every order, never touch it). src/server/catalog/search-key.ts says the same in
-- TypeScript. Keys pass 2^53: read them in SQL (or as text), never as JavaScript numbers.

CREATE VIRTUAL TABLE product_terms_sorted USING fts5 (
  grams,
  words,
  initials,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1'
);

-- each product's texts worked out once, then written under its three keys
CREATE TEMP TABLE product_terms_fill AS SELECT product_no, grams, words, initials FROM product_terms_source;
INSERT INTO product_terms_sorted (rowid, grams, words, initials)
  SELECT CASE o.n
      WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
      WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
      ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END,
    s.grams, s.words, s.initials
  FROM product_terms_fill s JOIN products p ON p.product_no = s.product_no CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o;
DROP TABLE product_terms_fill;

CREATE TRIGGER product_terms_sorted_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_terms_sorted (rowid, grams, words, initials)
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o
    WHERE s.product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_sorted_update
AFTER UPDATE OF product_name, search_keywords, brand_no, partner_no, product_no, sale_start_ymdt, sale_price,
  immediate_discount_value, immediate_discount_unit
ON products
WHEN OLD.product_name IS NOT NEW.product_name
  OR OLD.search_keywords IS NOT NEW.search_keywords
  OR OLD.brand_no IS NOT NEW.brand_no
  OR OLD.partner_no IS NOT NEW.partner_no
  OR OLD.product_no IS NOT NEW.product_no
  OR OLD.sale_start_ymdt IS NOT NEW.sale_start_ymdt
  OR OLD.sale_price IS NOT NEW.sale_price
  OR OLD.immediate_discount_value IS NOT NEW.immediate_discount_value
  OR OLD.immediate_discount_unit IS NOT NEW.immediate_discount_unit
BEGIN
  DELETE FROM product_terms_sorted WHERE rowid IN (
    (MIN(MAX(COALESCE(unixepoch(OLD.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + OLD.product_no,
    ((2097152 + (length(MAX(0, (CASE WHEN OLD.immediate_discount_value > 0 THEN MAX(0, OLD.sale_price - CASE OLD.immediate_discount_unit WHEN 'RATE' THEN CAST((OLD.sale_price * MIN(OLD.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE OLD.immediate_discount_value END) ELSE OLD.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN OLD.immediate_discount_value > 0 THEN MAX(0, OLD.sale_price - CASE OLD.immediate_discount_unit WHEN 'RATE' THEN CAST((OLD.sale_price * MIN(OLD.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE OLD.immediate_discount_value END) ELSE OLD.sale_price END)), 1, 3) AS INTEGER))) << 40) + OLD.product_no,
    ((4194304 + (length(MAX(0, OLD.sale_price)) * 1000 + CAST(substr(MAX(0, OLD.sale_price), 1, 3) AS INTEGER))) << 40) + OLD.product_no);
  INSERT INTO product_terms_sorted (rowid, grams, words, initials)
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o
    WHERE s.product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_sorted_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_terms_sorted WHERE rowid IN (
    (MIN(MAX(COALESCE(unixepoch(OLD.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + OLD.product_no,
    ((2097152 + (length(MAX(0, (CASE WHEN OLD.immediate_discount_value > 0 THEN MAX(0, OLD.sale_price - CASE OLD.immediate_discount_unit WHEN 'RATE' THEN CAST((OLD.sale_price * MIN(OLD.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE OLD.immediate_discount_value END) ELSE OLD.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN OLD.immediate_discount_value > 0 THEN MAX(0, OLD.sale_price - CASE OLD.immediate_discount_unit WHEN 'RATE' THEN CAST((OLD.sale_price * MIN(OLD.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE OLD.immediate_discount_value END) ELSE OLD.sale_price END)), 1, 3) AS INTEGER))) << 40) + OLD.product_no,
    ((4194304 + (length(MAX(0, OLD.sale_price)) * 1000 + CAST(substr(MAX(0, OLD.sale_price), 1, 3) AS INTEGER))) << 40) + OLD.product_no);
END;

CREATE TRIGGER product_terms_sorted_brand AFTER UPDATE OF brand_name ON brands BEGIN
  DELETE FROM product_terms_sorted WHERE rowid IN (
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END
    FROM products p CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o WHERE p.brand_no = NEW.brand_no);
  INSERT INTO product_terms_sorted (rowid, grams, words, initials)
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o
    WHERE p.brand_no = NEW.brand_no;
END;

CREATE TRIGGER product_terms_sorted_partner AFTER UPDATE OF partner_name ON partners BEGIN
  DELETE FROM product_terms_sorted WHERE rowid IN (
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END
    FROM products p CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o WHERE p.partner_no = NEW.partner_no);
  INSERT INTO product_terms_sorted (rowid, grams, words, initials)
    SELECT CASE o.n
        WHEN 0 THEN (MIN(MAX(COALESCE(unixepoch(p.sale_start_ymdt) / 3600, 0), 0), 2097151) << 40) + p.product_no
        WHEN 1 THEN ((2097152 + (length(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END))) * 1000 + CAST(substr(MAX(0, (CASE WHEN p.immediate_discount_value > 0 THEN MAX(0, p.sale_price - CASE p.immediate_discount_unit WHEN 'RATE' THEN CAST((p.sale_price * MIN(p.immediate_discount_value, 100)) / 100 AS INTEGER) ELSE p.immediate_discount_value END) ELSE p.sale_price END)), 1, 3) AS INTEGER))) << 40) + p.product_no
        ELSE ((4194304 + (length(MAX(0, p.sale_price)) * 1000 + CAST(substr(MAX(0, p.sale_price), 1, 3) AS INTEGER))) << 40) + p.product_no END,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) o
    WHERE p.partner_no = NEW.partner_no;
END;

-- A category's list by the lowest price first walks this index (list-repo.ts walkedPageSql): in the
-- page's tie order (the highest product number first among equal prices), so the walk's last row
-- bounds the page by its price and its number, not by its price alone (hundreds of products share a
-- price). The highest price first reads products_sale_price backwards, already in that order.
DROP INDEX products_price_floor;
CREATE INDEX products_price_floor ON products ((CASE WHEN immediate_discount_value > 0
  THEN MAX(0, sale_price - CASE immediate_discount_unit
    WHEN 'RATE' THEN CAST((sale_price * MIN(immediate_discount_value, 100)) / 100 AS INTEGER)
    ELSE immediate_discount_value END)
  ELSE sale_price END), product_no DESC);
