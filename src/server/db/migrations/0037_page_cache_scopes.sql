-- Finer page-cache invalidation (issue 16, decision 053; amends decision 043's version rule).
-- Migration 0032 bumped one number for every write to 27 tables, so each order (its stock and sale
-- counters) emptied every node's whole page cache. Now there are two scopes, both still kept by
-- triggers inside the writing statement, so no write path can forget them:
--   catalogue  cache_version.version: what lists (home, category, search, best, new), boards and
--              terms show, and every product page. A change makes every cached page stale.
--   product    product_cache_versions.stamp: what only that product's own page shows (its stock,
--              its sale and like counters, its reviews, questions, likes and input fields). The
--              stamp is the next value of cache_version.stamp, one sequence for all products, so a
--              page rendered after reading stamp S is stale once its product's stamp exceeds S.
-- A stock change also bumps the catalogue when it crosses zero (sold out <-> on sale in lists).
-- sale_cnt and like_cnt only order lists (BEST ranks, popularity): lists follow them within the
-- page cache's 60-second bound (PAGE_MAX_AGE_MS), not at once.
-- The tables of 0032 not named here keep their catalogue triggers. A column added to products or
-- product_options later falls under no UPDATE OF list below: page-cache.test.ts fails until the
-- migration that adds it names its scope.
ALTER TABLE cache_version ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0;

CREATE TABLE product_cache_versions (
  product_no INTEGER PRIMARY KEY,
  stamp INTEGER NOT NULL
);

-- products: the counters orders and likes move are the product's own; everything else is shown in
-- lists or is the product's identity (slug, status, display, price, names, categories' joins).
DROP TRIGGER cache_version_products_update;
DROP TRIGGER cache_version_products_delete;
CREATE TRIGGER cache_version_products_update AFTER UPDATE OF
  product_no, slug, product_name, product_name_en, product_management_cd, partner_no, brand_no,
  delivery_template_no, standard_category_no, product_type, customizable, sale_status,
  sale_period_type, sale_start_ymdt, sale_end_ymdt, front_display, url_direct_display, sale_price,
  immediate_discount_value, immediate_discount_unit, immediate_discount_start_ymdt,
  immediate_discount_end_ymdt, forced_sold_out, option_labels, promotion_text, product_summary,
  search_keywords, content, min_buy_cnt, max_buy_person_cnt, max_buy_time_cnt, accumulation_rate,
  md_recommend_order, review_cnt, review_rating, register_ymdt, duty_info, content_source,
  design_template_id, deleted_ymdt
ON products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_products_counters
AFTER UPDATE OF sale_cnt, like_cnt, updated_ymdt, version, low_stock_threshold ON products BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_products_delete AFTER DELETE ON products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
  DELETE FROM product_cache_versions WHERE product_no = OLD.product_no;
END;

-- product_options: stock and sale counters are the product page's (its picker carries each
-- option's stock); crossing zero changes 품절 in lists; the rest (values, prices, sold-out marks,
-- retirement, order) is shown in lists too (price range, 품절).
DROP TRIGGER cache_version_product_options_update;
CREATE TRIGGER cache_version_product_options_update AFTER UPDATE OF
  option_no, product_no, value1, value2, value3, value4, add_price, option_management_cd,
  forced_sold_out, is_default, display_order, image_url, retired
ON product_options BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_options_stock
AFTER UPDATE OF stock_cnt, sale_cnt, barcode ON product_options BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_options_sold_out
AFTER UPDATE OF stock_cnt ON product_options
  WHEN (OLD.stock_cnt > 0) IS NOT (NEW.stock_cnt > 0) BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

-- product_inputs: the input fields of the product page's picker. A row moved to another product
-- changes both pages: catalogue.
DROP TRIGGER cache_version_product_inputs_insert;
DROP TRIGGER cache_version_product_inputs_update;
DROP TRIGGER cache_version_product_inputs_delete;
CREATE TRIGGER cache_version_product_inputs_insert AFTER INSERT ON product_inputs BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_inputs_update AFTER UPDATE ON product_inputs BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_inputs_moved AFTER UPDATE OF product_no ON product_inputs
  WHEN OLD.product_no IS NOT NEW.product_no BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inputs_delete AFTER DELETE ON product_inputs BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT OLD.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = OLD.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = OLD.product_no;
END;

-- product_reviews: reviews of one product (its counters on products are catalogue: cards show
-- them). A row moved to another product changes both pages: catalogue.
DROP TRIGGER cache_version_product_reviews_insert;
DROP TRIGGER cache_version_product_reviews_update;
DROP TRIGGER cache_version_product_reviews_delete;
CREATE TRIGGER cache_version_product_reviews_insert AFTER INSERT ON product_reviews BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_reviews_update AFTER UPDATE ON product_reviews BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_reviews_moved AFTER UPDATE OF product_no ON product_reviews
  WHEN OLD.product_no IS NOT NEW.product_no BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_reviews_delete AFTER DELETE ON product_reviews BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT OLD.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = OLD.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = OLD.product_no;
END;

-- product_inquiries: questions about one product. A row moved to another product changes both
-- pages: catalogue.
DROP TRIGGER cache_version_product_inquiries_insert;
DROP TRIGGER cache_version_product_inquiries_update;
DROP TRIGGER cache_version_product_inquiries_delete;
CREATE TRIGGER cache_version_product_inquiries_insert AFTER INSERT ON product_inquiries BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_inquiries_update AFTER UPDATE ON product_inquiries BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_inquiries_moved AFTER UPDATE OF product_no ON product_inquiries
  WHEN OLD.product_no IS NOT NEW.product_no BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inquiries_delete AFTER DELETE ON product_inquiries BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT OLD.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = OLD.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = OLD.product_no;
END;

-- product_likes: one member's like of one product (the count is products.like_cnt). A row moved to
-- another product changes both pages: catalogue.
DROP TRIGGER cache_version_product_likes_insert;
DROP TRIGGER cache_version_product_likes_update;
DROP TRIGGER cache_version_product_likes_delete;
CREATE TRIGGER cache_version_product_likes_insert AFTER INSERT ON product_likes BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_likes_update AFTER UPDATE ON product_likes BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT NEW.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = NEW.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = NEW.product_no;
END;

CREATE TRIGGER cache_version_product_likes_moved AFTER UPDATE OF product_no ON product_likes
  WHEN OLD.product_no IS NOT NEW.product_no BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_likes_delete AFTER DELETE ON product_likes BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp) SELECT OLD.product_no, 0
    WHERE NOT EXISTS (SELECT 1 FROM product_cache_versions WHERE product_no = OLD.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = OLD.product_no;
END;

-- review_recommendations: the 도움돼요 of one review, shown beside it on its product's page. A
-- recommendation deleted with its review (ON DELETE CASCADE) finds no review: the review's own
-- delete has bumped the product already.
DROP TRIGGER cache_version_review_recommendations_insert;
DROP TRIGGER cache_version_review_recommendations_update;
DROP TRIGGER cache_version_review_recommendations_delete;
CREATE TRIGGER cache_version_review_recommendations_insert
AFTER INSERT ON review_recommendations BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp)
    SELECT r.product_no, 0 FROM product_reviews r
    WHERE r.review_no = NEW.review_no
      AND NOT EXISTS (SELECT 1 FROM product_cache_versions v WHERE v.product_no = r.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = (SELECT r.product_no FROM product_reviews r
      WHERE r.review_no = NEW.review_no);
END;

CREATE TRIGGER cache_version_review_recommendations_update
AFTER UPDATE ON review_recommendations BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp)
    SELECT r.product_no, 0 FROM product_reviews r
    WHERE r.review_no = OLD.review_no
      AND NOT EXISTS (SELECT 1 FROM product_cache_versions v WHERE v.product_no = r.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = (SELECT r.product_no FROM product_reviews r
      WHERE r.review_no = OLD.review_no);
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp)
    SELECT r.product_no, 0 FROM product_reviews r
    WHERE r.review_no = NEW.review_no
      AND NOT EXISTS (SELECT 1 FROM product_cache_versions v WHERE v.product_no = r.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = (SELECT r.product_no FROM product_reviews r
      WHERE r.review_no = NEW.review_no);
END;

CREATE TRIGGER cache_version_review_recommendations_delete
AFTER DELETE ON review_recommendations BEGIN
  UPDATE cache_version SET stamp = stamp + 1 WHERE id = 1;
  INSERT INTO product_cache_versions (product_no, stamp)
    SELECT r.product_no, 0 FROM product_reviews r
    WHERE r.review_no = OLD.review_no
      AND NOT EXISTS (SELECT 1 FROM product_cache_versions v WHERE v.product_no = r.product_no);
  UPDATE product_cache_versions SET stamp = (SELECT stamp FROM cache_version WHERE id = 1)
    WHERE product_no = (SELECT r.product_no FROM product_reviews r
      WHERE r.review_no = OLD.review_no);
END;
