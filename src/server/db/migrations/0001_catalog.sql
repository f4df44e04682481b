-- Catalogue: partners, brands, delivery templates, categories, products, options, inputs, images,
-- banners and display sections. Money is integer won; times are UTC ISO-8601 strings.

CREATE TABLE partners (
  partner_no    INTEGER PRIMARY KEY,
  partner_name  TEXT NOT NULL,
  -- the shop's own brand as a partner (spec: items from the partner named '{product}' are
  -- filtered out of some lists)
  is_brand_self INTEGER NOT NULL DEFAULT 0 CHECK (is_brand_self IN (0, 1))
);

CREATE TABLE brands (
  brand_no      INTEGER PRIMARY KEY,
  brand_name    TEXT NOT NULL,
  brand_name_ko TEXT,
  brand_name_en TEXT,
  logo_image_url TEXT,
  display_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE delivery_templates (
  template_no             INTEGER PRIMARY KEY,
  partner_no              INTEGER NOT NULL REFERENCES partners (partner_no),
  template_name           TEXT NOT NULL,
  delivery_type           TEXT NOT NULL DEFAULT 'PARCEL_DELIVERY'
                            CHECK (delivery_type IN ('PARCEL_DELIVERY', 'DIRECT_DELIVERY', 'NONE')),
  delivery_company_type   TEXT NOT NULL DEFAULT 'CJ',
  delivery_condition_type TEXT NOT NULL
                            CHECK (delivery_condition_type IN ('FREE', 'CONDITIONAL', 'FIXED_FEE')),
  base_delivery_amt       INTEGER NOT NULL DEFAULT 0 CHECK (base_delivery_amt >= 0),
  -- free shipping at or above this order amount (CONDITIONAL only)
  above_delivery_amt      INTEGER CHECK (above_delivery_amt IS NULL OR above_delivery_amt >= 0),
  -- extra fee for Jeju and islands
  remote_delivery_amt     INTEGER NOT NULL DEFAULT 0 CHECK (remote_delivery_amt >= 0),
  return_delivery_amt     INTEGER NOT NULL DEFAULT 0 CHECK (return_delivery_amt >= 0),
  shipping_area_type      TEXT NOT NULL DEFAULT 'MALL' CHECK (shipping_area_type IN ('MALL', 'PARTNER')),
  CHECK (delivery_condition_type <> 'CONDITIONAL' OR above_delivery_amt IS NOT NULL)
);

-- Display categories: the tree the shop shows (GET /categories). Special display categories
-- (new 178561, pod 250001, custom 250003, test 318518) live here with is_menu = 0.
CREATE TABLE categories (
  category_no   INTEGER PRIMARY KEY,
  parent_no     INTEGER REFERENCES categories (category_no),
  label         TEXT NOT NULL,
  depth         INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 4),
  display_order INTEGER NOT NULL DEFAULT 0,
  is_menu       INTEGER NOT NULL DEFAULT 1 CHECK (is_menu IN (0, 1)),
  icon_image_url TEXT,
  content       TEXT
);
CREATE INDEX categories_parent ON categories (parent_no, display_order);

-- Standard categories: the back office's product classification, one per product.
CREATE TABLE standard_categories (
  category_no INTEGER PRIMARY KEY,
  parent_no   INTEGER REFERENCES standard_categories (category_no),
  label       TEXT NOT NULL,
  depth       INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 4)
);

CREATE TABLE products (
  product_no              INTEGER PRIMARY KEY,
  slug                    TEXT NOT NULL UNIQUE,
  product_name            TEXT NOT NULL,
  product_name_en         TEXT,
  product_management_cd   TEXT,
  partner_no              INTEGER NOT NULL REFERENCES partners (partner_no),
  brand_no                INTEGER REFERENCES brands (brand_no),
  delivery_template_no    INTEGER NOT NULL REFERENCES delivery_templates (template_no),
  standard_category_no    INTEGER REFERENCES standard_categories (category_no),
  product_type            TEXT NOT NULL DEFAULT 'DEFAULT' CHECK (product_type IN ('DEFAULT', 'EVENT', 'OFFLINE')),
  -- print-on-demand / designable in the editor
  customizable            INTEGER NOT NULL DEFAULT 0 CHECK (customizable IN (0, 1)),
  sale_status             TEXT NOT NULL DEFAULT 'ONSALE'
                            CHECK (sale_status IN ('READY', 'ONSALE', 'FINISHED', 'STOP', 'PROHIBITION')),
  sale_period_type        TEXT NOT NULL DEFAULT 'REGULAR' CHECK (sale_period_type IN ('REGULAR', 'PERIOD')),
  sale_start_ymdt         TEXT NOT NULL,
  sale_end_ymdt           TEXT,
  front_display           INTEGER NOT NULL DEFAULT 1 CHECK (front_display IN (0, 1)),
  url_direct_display      INTEGER NOT NULL DEFAULT 0 CHECK (url_direct_display IN (0, 1)),
  sale_price              INTEGER NOT NULL CHECK (sale_price >= 0),
  -- immediate discount: WON (amount) or RATE (percent), optionally limited to a period
  immediate_discount_value INTEGER NOT NULL DEFAULT 0 CHECK (immediate_discount_value >= 0),
  immediate_discount_unit  TEXT NOT NULL DEFAULT 'WON' CHECK (immediate_discount_unit IN ('WON', 'RATE')),
  immediate_discount_start_ymdt TEXT,
  immediate_discount_end_ymdt   TEXT,
  -- the whole product marked sold out regardless of stock
  forced_sold_out         INTEGER NOT NULL DEFAULT 0 CHECK (forced_sold_out IN (0, 1)),
  -- option labels, '|'-joined in Shopby's flat option naming ("색상|사이즈"); '' for no options
  option_labels           TEXT NOT NULL DEFAULT '',
  promotion_text          TEXT,
  product_summary         TEXT,
  search_keywords         TEXT NOT NULL DEFAULT '',
  content                 TEXT NOT NULL DEFAULT '',
  min_buy_cnt             INTEGER NOT NULL DEFAULT 1 CHECK (min_buy_cnt >= 1),
  max_buy_person_cnt      INTEGER NOT NULL DEFAULT 0 CHECK (max_buy_person_cnt >= 0),
  max_buy_time_cnt        INTEGER NOT NULL DEFAULT 0 CHECK (max_buy_time_cnt >= 0),
  -- points on buy confirm, percent of the paid line amount
  accumulation_rate       INTEGER NOT NULL DEFAULT 0 CHECK (accumulation_rate BETWEEN 0 AND 100),
  md_recommend_order      INTEGER,
  sale_cnt                INTEGER NOT NULL DEFAULT 0 CHECK (sale_cnt >= 0),
  review_cnt              INTEGER NOT NULL DEFAULT 0 CHECK (review_cnt >= 0),
  review_rating           REAL NOT NULL DEFAULT 0,
  like_cnt                INTEGER NOT NULL DEFAULT 0 CHECK (like_cnt >= 0),
  register_ymdt           TEXT NOT NULL,
  updated_ymdt            TEXT NOT NULL
);
CREATE INDEX products_partner ON products (partner_no);
CREATE INDEX products_brand ON products (brand_no);
CREATE INDEX products_register ON products (register_ymdt);
CREATE INDEX products_sale_cnt ON products (sale_cnt);

CREATE TABLE product_categories (
  product_no    INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  category_no   INTEGER NOT NULL REFERENCES categories (category_no) ON DELETE CASCADE,
  display_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_no, category_no)
) WITHOUT ROWID;
CREATE INDEX product_categories_category ON product_categories (category_no, display_order);

-- Images are stored once at their largest width; `variants` lists the generated widths as JSON
-- [{ "width": 400, "url": "..." }, ...] for srcset.
CREATE TABLE product_images (
  image_no      INTEGER PRIMARY KEY,
  product_no    INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  display_order INTEGER NOT NULL DEFAULT 0,
  is_main       INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1)),
  url           TEXT NOT NULL,
  width         INTEGER NOT NULL CHECK (width > 0),
  height        INTEGER NOT NULL CHECK (height > 0),
  alt           TEXT NOT NULL DEFAULT '',
  variants      TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX product_images_product ON product_images (product_no, display_order);

-- Flat options: one row per sellable combination of up to four option values. A product with no
-- options still has one default option row (Shopby's type DEFAULT) so every line has an optionNo.
CREATE TABLE product_options (
  option_no             INTEGER PRIMARY KEY,
  product_no            INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  value1                TEXT,
  value2                TEXT,
  value3                TEXT,
  value4                TEXT,
  add_price             INTEGER NOT NULL DEFAULT 0,
  stock_cnt             INTEGER NOT NULL DEFAULT 0 CHECK (stock_cnt >= 0),
  sale_cnt              INTEGER NOT NULL DEFAULT 0 CHECK (sale_cnt >= 0),
  option_management_cd  TEXT,
  forced_sold_out       INTEGER NOT NULL DEFAULT 0 CHECK (forced_sold_out IN (0, 1)),
  is_default            INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  display_order         INTEGER NOT NULL DEFAULT 0,
  image_url             TEXT
);
CREATE INDEX product_options_product ON product_options (product_no, display_order);

-- Custom text inputs the shopper fills in (engraving text, design id, ...)
CREATE TABLE product_inputs (
  input_no            INTEGER PRIMARY KEY,
  product_no          INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  input_label         TEXT NOT NULL,
  input_matching_type TEXT NOT NULL DEFAULT 'OPTION' CHECK (input_matching_type IN ('OPTION', 'PRODUCT', 'AMOUNT')),
  required            INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
  max_length          INTEGER NOT NULL DEFAULT 100 CHECK (max_length > 0),
  display_order       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_inputs_product ON product_inputs (product_no);

-- Korean keyword search: trigram FTS over name, keywords, brand and partner names. Kept in step by
-- the catalogue repository (rebuildProductSearch) rather than triggers, since the indexed text
-- joins several tables.
CREATE VIRTUAL TABLE product_search USING fts5 (
  product_name,
  search_keywords,
  brand_name,
  partner_name,
  tokenize = 'trigram'
);

CREATE TABLE banner_groups (
  banner_group_no INTEGER PRIMARY KEY,
  code            TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL
);

CREATE TABLE banners (
  banner_no         INTEGER PRIMARY KEY,
  banner_group_no   INTEGER NOT NULL REFERENCES banner_groups (banner_group_no) ON DELETE CASCADE,
  name              TEXT NOT NULL,
  description       TEXT NOT NULL DEFAULT '',
  image_url         TEXT NOT NULL,
  mobile_image_url  TEXT,
  image_width       INTEGER NOT NULL,
  image_height      INTEGER NOT NULL,
  variants          TEXT NOT NULL DEFAULT '[]',
  landing_url       TEXT NOT NULL DEFAULT '/',
  browser_target    TEXT NOT NULL DEFAULT 'CURRENT' CHECK (browser_target IN ('CURRENT', 'NEW')),
  display_order     INTEGER NOT NULL DEFAULT 0,
  display_start_ymdt TEXT,
  display_end_ymdt   TEXT,
  visible           INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1))
);
CREATE INDEX banners_group ON banners (banner_group_no, display_order);

CREATE TABLE display_sections (
  section_no        INTEGER PRIMARY KEY,
  label             TEXT NOT NULL,
  section_explain   TEXT NOT NULL DEFAULT '',
  display_type      TEXT NOT NULL DEFAULT 'GALLERY',
  -- ADMIN_SETTING keeps the manager's order; others sort like the product search
  sort_type         TEXT NOT NULL DEFAULT 'ADMIN_SETTING'
                      CHECK (sort_type IN ('ADMIN_SETTING', 'SALE_YMD', 'POPULAR', 'DISCOUNTED_PRICE', 'REVIEW')),
  visible           INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1))
);

CREATE TABLE display_section_products (
  section_no    INTEGER NOT NULL REFERENCES display_sections (section_no) ON DELETE CASCADE,
  product_no    INTEGER NOT NULL REFERENCES products (product_no) ON DELETE CASCADE,
  display_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (section_no, product_no)
) WITHOUT ROWID;
