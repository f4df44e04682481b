-- The search index keeps a prefix index of one character (decision 042). A one-letter query
-- (a syllable, a 초성 or a Latin letter typed so far: suggestions and one-syllable searches) is a
-- prefix query, which FTS5 otherwise answers by merging the list of every token that starts with
-- the letter: at 100,000 products "방" * merged tens of thousands of rows. FTS5 cannot add the
-- option to a table, so the table is made again and filled from `product_terms_source`; the
-- triggers of migration 0025 write to it by name and follow.
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
  SELECT product_no, grams, words, initials FROM product_terms_source;
