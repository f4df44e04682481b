-- Search results in popularity order straight from the index (issue 16, decision 050).
--
-- FTS5 hands its matches over in rowid order, and a list shown by popularity wants the most popular
-- first: with the product number as the rowid, a page of a keyword with 30,000 matches had to read
-- every one of them before it could pick twenty. The search index's rowid is now a key that sorts by
-- popularity first:
--
--   key = bucket × 2^40 + product_no      (product numbers stay below 2^40; `key & (2^40 - 1)` gives it back)
--   bucket = the number of digits of the popularity × 100 + its first two digits
--   popularity = sale_cnt × 2 + review_cnt + like_cnt (the POPULAR order, list-repo.ts)
--
-- so a bucket holds the products whose popularity agrees in its two leading digits (0, 1 … 9, 10 …
-- 99, 100–109 …), and a higher bucket is always a higher popularity. Walking the matches by rowid
-- from the top reaches a page's twenty after a few dozen rows; the last bucket it touches is read
-- whole and sorted exactly (list-repo.ts keywordWalkSql). A product moves to another bucket when
-- its popularity's leading digits change (every sale while it has sold fewer than ten, then every
-- tenth of its sales, …): the update trigger below deletes and re-inserts its row then, in the same
-- statement as the counter's write. src/server/catalog/search-key.ts says the same in TypeScript.

DROP TRIGGER product_terms_insert;
DROP TRIGGER product_terms_update;
DROP TRIGGER product_terms_delete;
DROP TRIGGER product_terms_brand;
DROP TRIGGER product_terms_partner;
DROP TABLE product_terms;

CREATE VIRTUAL TABLE product_terms USING fts5 (
  grams,
  words,
  initials,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1'
);

INSERT INTO product_terms (rowid, grams, words, initials)
  SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 100
      + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 2) AS INTEGER)) * 1099511627776 + p.product_no,
    s.grams, s.words, s.initials
  FROM product_terms_source s JOIN products p ON p.product_no = s.product_no;

CREATE TRIGGER product_terms_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt) * 100
        + CAST(substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 2) AS INTEGER)) * 1099511627776
        + NEW.product_no,
      grams, words, initials
    FROM product_terms_source WHERE product_no = NEW.product_no;
END;

-- one trigger for the texts and the counters, so a statement that changes both re-indexes once
CREATE TRIGGER product_terms_update
AFTER UPDATE OF product_name, search_keywords, brand_no, partner_no, product_no, sale_cnt, review_cnt, like_cnt
ON products
WHEN OLD.product_name IS NOT NEW.product_name
  OR OLD.search_keywords IS NOT NEW.search_keywords
  OR OLD.brand_no IS NOT NEW.brand_no
  OR OLD.partner_no IS NOT NEW.partner_no
  OR OLD.product_no IS NOT NEW.product_no
  OR length(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt) IS NOT length(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt)
  OR substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 2) IS NOT substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 2)
BEGIN
  DELETE FROM product_terms WHERE rowid = (length(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt) * 100
      + CAST(substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 2) AS INTEGER)) * 1099511627776
      + OLD.product_no;
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt) * 100
        + CAST(substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 2) AS INTEGER)) * 1099511627776
        + NEW.product_no,
      grams, words, initials
    FROM product_terms_source WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_terms WHERE rowid = (length(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt) * 100
      + CAST(substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 2) AS INTEGER)) * 1099511627776
      + OLD.product_no;
END;

CREATE TRIGGER product_terms_brand AFTER UPDATE OF brand_name ON brands BEGIN
  DELETE FROM product_terms WHERE rowid IN (
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 100
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 2) AS INTEGER)) * 1099511627776 + p.product_no
    FROM products p WHERE p.brand_no = NEW.brand_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 100
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 2) AS INTEGER)) * 1099511627776 + p.product_no,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no WHERE p.brand_no = NEW.brand_no;
END;

CREATE TRIGGER product_terms_partner AFTER UPDATE OF partner_name ON partners BEGIN
  DELETE FROM product_terms WHERE rowid IN (
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 100
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 2) AS INTEGER)) * 1099511627776 + p.product_no
    FROM products p WHERE p.partner_no = NEW.partner_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 100
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 2) AS INTEGER)) * 1099511627776 + p.product_no,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no WHERE p.partner_no = NEW.partner_no;
END;

-- A list's count and price range look up to 1,001 found products by number, and a keyword's
-- page up to 1,000 more to sort them by popularity (list-repo.ts). Found through the search index
-- (now in popularity order) or a category, those numbers are scattered over the table, one page
-- read each; this narrow index holds what they read, dozens of products a page.
-- sale_end_ymdt comes second: the lists' test of it (IS NULL OR > now) cannot seek, so a lookup
-- seeks by the number alone instead of once for each listable sale status.
CREATE INDEX products_listing ON products (product_no, sale_end_ymdt, front_display, sale_status, sale_price,
  immediate_discount_value, immediate_discount_unit, immediate_discount_start_ymdt, immediate_discount_end_ymdt,
  brand_no, sale_cnt, review_cnt, like_cnt);
