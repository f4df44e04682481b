-- Finer popularity buckets for the search index's key (issue 16, decision 065).
--
-- Decision 050 keyed the search index by popularity (migration 0035): key = bucket × 2^40 +
-- product_no, the bucket being the popularity's number of digits × 100 + its first two digits. A
-- keyword's popular page walks the index from the most popular end and then sorts every match of
-- the last bucket it touched; with two leading digits a bucket holds a tenth of a decade (2,000 to
-- 2,099), and at 100,000 products the 방진 page sorted 539 matches to show 30. The bucket is now the
-- number of digits × 1000 + the first THREE digits:
--
--   key = bucket × 2^40 + product_no
--   bucket = length(popularity) × 1000 + the first three digits of the popularity
--   popularity = sale_cnt × 2 + review_cnt + like_cnt (the POPULAR order, list-repo.ts)
--
-- so below 1,000 a bucket is one popularity, and above it a hundredth of a decade (2,000 to
-- 2,009). The price: the update trigger re-indexes a product when its bucket changes, now every
-- sale, review or like while its popularity is under 1,000 (it was under 100), then about every
-- fifth sale up to 10,000 (it was every 50th). src/server/catalog/search-key.ts says the same in
-- TypeScript. The index is rebuilt once, as 0035 built it (its texts come from the view).

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
  SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 1000
      + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 3) AS INTEGER)) * 1099511627776 + p.product_no,
    s.grams, s.words, s.initials
  FROM product_terms_source s JOIN products p ON p.product_no = s.product_no;

CREATE TRIGGER product_terms_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt) * 1000
        + CAST(substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 3) AS INTEGER)) * 1099511627776
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
  OR substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 3) IS NOT substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 3)
BEGIN
  DELETE FROM product_terms WHERE rowid = (length(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt) * 1000
      + CAST(substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 3) AS INTEGER)) * 1099511627776
      + OLD.product_no;
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt) * 1000
        + CAST(substr(NEW.sale_cnt * 2 + NEW.review_cnt + NEW.like_cnt, 1, 3) AS INTEGER)) * 1099511627776
        + NEW.product_no,
      grams, words, initials
    FROM product_terms_source WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_terms WHERE rowid = (length(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt) * 1000
      + CAST(substr(OLD.sale_cnt * 2 + OLD.review_cnt + OLD.like_cnt, 1, 3) AS INTEGER)) * 1099511627776
      + OLD.product_no;
END;

CREATE TRIGGER product_terms_brand AFTER UPDATE OF brand_name ON brands BEGIN
  DELETE FROM product_terms WHERE rowid IN (
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 1000
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 3) AS INTEGER)) * 1099511627776 + p.product_no
    FROM products p WHERE p.brand_no = NEW.brand_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 1000
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 3) AS INTEGER)) * 1099511627776 + p.product_no,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no WHERE p.brand_no = NEW.brand_no;
END;

CREATE TRIGGER product_terms_partner AFTER UPDATE OF partner_name ON partners BEGIN
  DELETE FROM product_terms WHERE rowid IN (
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 1000
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 3) AS INTEGER)) * 1099511627776 + p.product_no
    FROM products p WHERE p.partner_no = NEW.partner_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT (length(p.sale_cnt * 2 + p.review_cnt + p.like_cnt) * 1000
        + CAST(substr(p.sale_cnt * 2 + p.review_cnt + p.like_cnt, 1, 3) AS INTEGER)) * 1099511627776 + p.product_no,
      s.grams, s.words, s.initials
    FROM product_terms_source s JOIN products p ON p.product_no = s.product_no WHERE p.partner_no = NEW.partner_no;
END;
