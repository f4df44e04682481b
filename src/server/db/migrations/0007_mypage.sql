-- My page member data: the shipping address book, liked products (wishlist) and product Q&A with
-- its answers. Times are UTC ISO-8601 strings written by the application. Text is stored as typed
-- and always shown as text.

-- A member's address book (GET/POST /profile/shipping-addresses). At most one default per member,
-- held by the partial unique index; the service keeps exactly one while the book is not empty.
-- Contacts are digits only; the API shows them hyphenated.
CREATE TABLE shipping_addresses (
  address_no              INTEGER PRIMARY KEY,
  member_no               INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  address_name            TEXT NOT NULL DEFAULT '',
  receiver_name           TEXT NOT NULL,
  receiver_zip_cd         TEXT NOT NULL CHECK (length(receiver_zip_cd) = 5 AND receiver_zip_cd NOT GLOB '*[^0-9]*'),
  receiver_address        TEXT NOT NULL,
  receiver_jibun_address  TEXT NOT NULL DEFAULT '',
  receiver_detail_address TEXT NOT NULL DEFAULT '',
  receiver_contact1       TEXT NOT NULL CHECK (receiver_contact1 NOT GLOB '*[^0-9]*'),
  receiver_contact2       TEXT NOT NULL DEFAULT '' CHECK (receiver_contact2 NOT GLOB '*[^0-9]*'),
  is_default              INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at              TEXT NOT NULL,
  updated_at              TEXT NOT NULL
);
CREATE INDEX shipping_addresses_member ON shipping_addresses (member_no, address_no);
CREATE UNIQUE INDEX shipping_addresses_one_default ON shipping_addresses (member_no) WHERE is_default = 1;

-- Liked products. products.like_cnt (0001) is the catalogue's counter of these rows: it moves in
-- the same write transaction as the row, with a guarded UPDATE (never read-then-write).
CREATE TABLE product_likes (
  member_no  INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  product_no INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_no, product_no)
) WITHOUT ROWID;
CREATE INDEX product_likes_member_time ON product_likes (member_no, created_at);

-- Product Q&A (GET/POST /products/{productNo}/inquiries). A secret question (and its answer) is
-- readable only by its author and administrators; everyone else gets it redacted by the server.
-- One answer per question, written by a manager through the shared answer flow
-- (src/server/inquiry/answers.ts); the question can no longer be changed once answered.
CREATE TABLE product_inquiries (
  inquiry_no         INTEGER PRIMARY KEY,
  product_no         INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  member_no          INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  -- Shopby's ProductInquiryType
  inquiry_type       TEXT NOT NULL DEFAULT 'PRODUCT'
                       CHECK (inquiry_type IN ('PRODUCT', 'DELIVERY', 'CANCEL', 'RETURN', 'EXCHANGE', 'REFUND', 'OTHER')),
  title              TEXT NOT NULL DEFAULT '',
  content            TEXT NOT NULL,
  secreted           INTEGER NOT NULL DEFAULT 0 CHECK (secreted IN (0, 1)),
  answer_content     TEXT,
  answered_by        INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  answered_at        TEXT,
  answer_updated_at  TEXT,
  answer_notified_at TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  CHECK ((answer_content IS NULL) = (answered_at IS NULL))
);
CREATE INDEX product_inquiries_product ON product_inquiries (product_no, inquiry_no);
CREATE INDEX product_inquiries_member ON product_inquiries (member_no, inquiry_no);
CREATE INDEX product_inquiries_waiting ON product_inquiries (answered_at, inquiry_no);
