-- Korean search as a shopper expects it (issue 16, decision 031): a bigram index the database
-- keeps itself. `product_terms` is an FTS5 table of three token streams per product, written by
-- triggers from the view `product_terms_source`, so no writer can forget it and it cannot drift:
--   grams    every Hangul run of the name, keywords, brand and partner (spaces removed, so
--            "세탁기 방진패드" is one run) cut into overlapping two-syllable tokens (세탁 탁기 기방 방진
--            진패 패드), and the run's last syllable alone (드) so that a one-syllable word is a prefix
--            query; fields are kept apart by '|', which no token crosses
--   words    the same texts as words (unicode61): Latin words and numbers ("4p", "xl")
--   initials the name's and brand's initial consonants (초성) as the same two-letter tokens
-- The tokenizing is plain SQL over `search_positions` (1..1000), so it runs inside every trigger;
-- src/server/catalog/search-terms.ts says the same in TypeScript and its test keeps them in step.

CREATE TABLE search_positions (n INTEGER PRIMARY KEY);
INSERT INTO search_positions (n)
  SELECT a.n * 100 + b.n * 10 + c.n + 1
    FROM (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
          UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) a,
         (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
          UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) b,
         (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
          UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) c;

CREATE VIEW product_terms_source AS
SELECT t.product_no,
  (SELECT group_concat(CASE WHEN unicode(substr(t.g, n + 1, 1)) BETWEEN 44032 AND 55203
            THEN substr(t.g, n, 2) ELSE substr(t.g, n, 1) END, ' ' ORDER BY n)
     FROM search_positions WHERE n <= length(t.g) AND unicode(substr(t.g, n, 1)) BETWEEN 44032 AND 55203) AS grams,
  t.w AS words,
  (SELECT group_concat(
            substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (unicode(substr(t.i, n, 1)) - 44032) / 588 + 1, 1)
            || CASE WHEN unicode(substr(t.i, n + 1, 1)) BETWEEN 44032 AND 55203
                 THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (unicode(substr(t.i, n + 1, 1)) - 44032) / 588 + 1, 1)
                 ELSE '' END, ' ' ORDER BY n)
     FROM search_positions WHERE n <= length(t.i) AND unicode(substr(t.i, n, 1)) BETWEEN 44032 AND 55203) AS initials
FROM (
  SELECT p.product_no,
    replace(p.product_name || '|' || p.search_keywords || '|' || COALESCE(b.brand_name, '') || '|' || pa.partner_name,
      ' ', '') AS g,
    p.product_name || ' ' || p.search_keywords || ' ' || COALESCE(b.brand_name, '') || ' ' || pa.partner_name AS w,
    replace(p.product_name || '|' || COALESCE(b.brand_name, ''), ' ', '') AS i
  FROM products p
  LEFT JOIN brands b ON b.brand_no = p.brand_no
  JOIN partners pa ON pa.partner_no = p.partner_no
) t;

CREATE VIRTUAL TABLE product_terms USING fts5 (
  grams,
  words,
  initials,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO product_terms (rowid, grams, words, initials)
  SELECT product_no, grams, words, initials FROM product_terms_source;

CREATE TRIGGER product_terms_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT product_no, grams, words, initials FROM product_terms_source WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_update
AFTER UPDATE OF product_name, search_keywords, brand_no, partner_no, product_no ON products BEGIN
  DELETE FROM product_terms WHERE rowid = OLD.product_no;
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT product_no, grams, words, initials FROM product_terms_source WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER product_terms_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_terms WHERE rowid = OLD.product_no;
END;

CREATE TRIGGER product_terms_brand AFTER UPDATE OF brand_name ON brands BEGIN
  DELETE FROM product_terms WHERE rowid IN (SELECT product_no FROM products WHERE brand_no = NEW.brand_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT s.product_no, s.grams, s.words, s.initials FROM product_terms_source s
      JOIN products p ON p.product_no = s.product_no WHERE p.brand_no = NEW.brand_no;
END;

CREATE TRIGGER product_terms_partner AFTER UPDATE OF partner_name ON partners BEGIN
  DELETE FROM product_terms WHERE rowid IN (SELECT product_no FROM products WHERE partner_no = NEW.partner_no);
  INSERT INTO product_terms (rowid, grams, words, initials)
    SELECT s.product_no, s.grams, s.words, s.initials FROM product_terms_source s
      JOIN products p ON p.product_no = s.product_no WHERE p.partner_no = NEW.partner_no;
END;

-- the trigram table and its hand-kept rebuild are replaced
DROP TABLE product_search;

-- Lists in every order a shopper picks, on indexes: a list with many matches walks its order's
-- index and stops after the page (list-repo.ts findProductList). Each index ends with the rowid,
-- the lists' last key (product_no DESC), read backwards for the strongest first.
CREATE INDEX products_popular ON products ((sale_cnt * 2 + review_cnt + like_cnt), sale_cnt);
CREATE INDEX products_sale_start ON products (sale_start_ymdt, register_ymdt);
CREATE INDEX products_review ON products (review_cnt, review_rating);
CREATE INDEX products_like ON products (like_cnt);
CREATE INDEX products_sale_price ON products (sale_price);
-- the lowest price a product can have (its discount whatever the period): list-repo.ts PRICE_FLOOR_SQL
CREATE INDEX products_price_floor ON products ((CASE WHEN immediate_discount_value > 0
  THEN MAX(0, sale_price - CASE immediate_discount_unit
    WHEN 'RATE' THEN CAST((sale_price * MIN(immediate_discount_value, 100)) / 100 AS INTEGER)
    ELSE immediate_discount_value END)
  ELSE sale_price END));

-- What shoppers search for (decision 031): counts per keyword and day, added in batches by each
-- app process (catalog/suggestions.ts), and the top ten of the last seven days, worked out again
-- with each batch so that a suggestion request reads ten rows.
CREATE TABLE search_counts (
  keyword TEXT NOT NULL,
  day     TEXT NOT NULL,
  count   INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (keyword, day)
) WITHOUT ROWID;
CREATE INDEX search_counts_day ON search_counts (day);

CREATE TABLE popular_searches (
  rank    INTEGER PRIMARY KEY,
  keyword TEXT NOT NULL,
  count   INTEGER NOT NULL
);
