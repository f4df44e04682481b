-- Product reviews (GET/POST /products/{productNo}/product-reviews, /profile/product-reviews) and
-- their recommendations. Times are UTC ISO-8601 strings written by the application. Review text is
-- stored as typed and always shown as text, never as HTML.
--
-- products.review_cnt and products.review_rating (0001) are the catalogue's counters of these rows
-- (on top of the demo catalogue's base numbers): only the review module moves them, in the write
-- transaction that adds, changes or deletes a review, with guarded UPDATEs (never read-then-write).

-- One review per bought line (order_option_no is unique over every row, deleted ones too: a deleted
-- review cannot be written again). Only the buyer of a delivered or confirmed line writes it. What
-- was bought is kept as it was on the order (name, option, inputs, image), so lists need no join
-- into the order tables.
CREATE TABLE product_reviews (
  review_no        INTEGER PRIMARY KEY,
  product_no       INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  option_no        INTEGER NOT NULL,
  order_option_no  INTEGER NOT NULL UNIQUE,
  order_no         TEXT NOT NULL,
  member_no        INTEGER NOT NULL REFERENCES members (member_no),
  rating           INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  content          TEXT NOT NULL,
  -- JSON array of at most 5 image URLs, each from the author's own upload folder
  file_urls        TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(file_urls) AND json_array_length(file_urls) <= 5),
  photo_cnt        INTEGER NOT NULL DEFAULT 0 CHECK (photo_cnt BETWEEN 0 AND 5),
  recommend_cnt    INTEGER NOT NULL DEFAULT 0 CHECK (recommend_cnt >= 0),
  -- the bought line, as ordered
  product_name     TEXT NOT NULL DEFAULT '',
  option_name      TEXT NOT NULL DEFAULT '',
  option_value     TEXT NOT NULL DEFAULT '',
  -- JSON [{ "inputLabel": "...", "inputValue": "..." }]
  option_inputs    TEXT NOT NULL DEFAULT '[]',
  order_cnt        INTEGER NOT NULL DEFAULT 1,
  image_url        TEXT NOT NULL DEFAULT '',
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  deleted_at       TEXT
);
CREATE INDEX product_reviews_product ON product_reviews (product_no, created_at) WHERE deleted_at IS NULL;
CREATE INDEX product_reviews_product_recommend ON product_reviews (product_no, recommend_cnt) WHERE deleted_at IS NULL;
CREATE INDEX product_reviews_product_photo ON product_reviews (product_no, review_no)
  WHERE deleted_at IS NULL AND photo_cnt > 0;
CREATE INDEX product_reviews_member ON product_reviews (member_no, created_at);

-- Recommendations ("도움돼요"): once per member and review, never one's own. product_reviews
-- .recommend_cnt counts these rows and moves in the same write transaction.
CREATE TABLE review_recommendations (
  review_no  INTEGER NOT NULL REFERENCES product_reviews (review_no) ON DELETE CASCADE,
  member_no  INTEGER NOT NULL REFERENCES members (member_no),
  created_at TEXT NOT NULL,
  PRIMARY KEY (review_no, member_no)
) WITHOUT ROWID;
CREATE INDEX review_recommendations_member ON review_recommendations (member_no, review_no);
