-- The catalogue back office (issue 13): what a manager edits that the seed used to fix.

-- Optimistic locking: every manager save names the version it read; a save over a newer version is
-- refused (409) instead of overwriting the other manager's work.
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- An option at or below this many units counts as low stock in the back office.
ALTER TABLE products ADD COLUMN low_stock_threshold INTEGER NOT NULL DEFAULT 5 CHECK (low_stock_threshold >= 0);
-- 상품정보제공고시: [{ "label": "제조국", "value": "대한민국" }, ...] shown as a table on the product page.
ALTER TABLE products ADD COLUMN duty_info TEXT NOT NULL DEFAULT '[]';
-- The detail content as the manager wrote it (Markdown, which may hold HTML); `content` keeps the
-- sanitised HTML the product page shows. NULL for content that was only ever HTML (the seed).
ALTER TABLE products ADD COLUMN content_source TEXT;
-- Customisable products: the design template the editor opens (src/lib/design/templates.ts ids).
ALTER TABLE products ADD COLUMN design_template_id TEXT;
-- Deleting a product stops selling it and hides it; its row stays for orders, reviews and carts.
ALTER TABLE products ADD COLUMN deleted_ymdt TEXT;
CREATE INDEX products_management_cd ON products (product_management_cd);
CREATE INDEX products_updated ON products (updated_ymdt);

-- An option dropped from the product's dimensions is retired, never deleted: carts, orders and
-- reviews keep pointing at its optionNo; the shop no longer shows or sells it.
ALTER TABLE product_options ADD COLUMN retired INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1));
ALTER TABLE product_options ADD COLUMN barcode TEXT;
CREATE UNIQUE INDEX product_options_barcode ON product_options (barcode) WHERE barcode IS NOT NULL;
CREATE INDEX product_options_management_cd ON product_options (option_management_cd);

-- The stock ledger: every change of an option's stock is one line, never an overwrite. `delta` is
-- signed; `stock_after` is the option's stock right after the change.
CREATE TABLE stock_ledger (
  ledger_no     INTEGER PRIMARY KEY,
  option_no     INTEGER NOT NULL REFERENCES product_options (option_no) ON DELETE CASCADE,
  product_no    INTEGER NOT NULL,
  delta         INTEGER NOT NULL,
  stock_after   INTEGER NOT NULL CHECK (stock_after >= 0),
  reason        TEXT NOT NULL
                  CHECK (reason IN ('ORDER', 'CANCEL', 'RETURN', 'COUNTER_SALE', 'COUNTER_REFUND', 'RECEIVE', 'ADJUST', 'COUNT', 'INITIAL')),
  channel       TEXT NOT NULL CHECK (channel IN ('WEB', 'COUNTER', 'MANAGER', 'IMPORT')),
  -- what caused it: an order number, a claim number, an import file name
  ref           TEXT,
  memo          TEXT NOT NULL DEFAULT '',
  -- who did it: a member number (manager, staff or buyer) and the name shown in the ledger
  actor_member_no INTEGER,
  actor_label   TEXT NOT NULL,
  created_ymdt  TEXT NOT NULL
);
CREATE INDEX stock_ledger_option ON stock_ledger (option_no, ledger_no);
CREATE INDEX stock_ledger_product ON stock_ledger (product_no, ledger_no);

-- Remote-area fees by postcode range per delivery template; a template with no ranges uses the
-- carriers' common table (Jeju and the islands) with its remote_delivery_amt.
CREATE TABLE delivery_template_remote_areas (
  area_no      INTEGER PRIMARY KEY,
  template_no  INTEGER NOT NULL REFERENCES delivery_templates (template_no) ON DELETE CASCADE,
  zip_from     TEXT NOT NULL CHECK (length(zip_from) = 5),
  zip_to       TEXT NOT NULL CHECK (length(zip_to) = 5 AND zip_to >= zip_from),
  extra_fee    INTEGER NOT NULL CHECK (extra_fee >= 0),
  label        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX delivery_template_remote_areas_template ON delivery_template_remote_areas (template_no, zip_from);

ALTER TABLE delivery_templates ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE brands ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE partners ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- A hidden category is kept (its products keep their links) but not shown in the shop's menus.
ALTER TABLE categories ADD COLUMN visible INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1));
ALTER TABLE banners ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Display sections: order and period on the home page, and rule sections filled automatically.
ALTER TABLE display_sections ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE display_sections ADD COLUMN display_order INTEGER NOT NULL DEFAULT 0;
ALTER TABLE display_sections ADD COLUMN display_start_ymdt TEXT;
ALTER TABLE display_sections ADD COLUMN display_end_ymdt TEXT;
-- MANUAL: the manager's product list; BEST / NEW: the best sellers / newest listable products;
-- CATEGORY: the listable products of rule_category_no. rule_limit caps a rule section.
ALTER TABLE display_sections ADD COLUMN rule_type TEXT NOT NULL DEFAULT 'MANUAL'
  CHECK (rule_type IN ('MANUAL', 'BEST', 'NEW', 'CATEGORY'));
ALTER TABLE display_sections ADD COLUMN rule_category_no INTEGER REFERENCES categories (category_no);
ALTER TABLE display_sections ADD COLUMN rule_limit INTEGER NOT NULL DEFAULT 12 CHECK (rule_limit BETWEEN 1 AND 100);
ALTER TABLE display_sections ADD COLUMN on_home INTEGER NOT NULL DEFAULT 0 CHECK (on_home IN (0, 1));
UPDATE display_sections SET on_home = 1, display_order = section_no - 1000 WHERE section_no IN (1001, 1002);
