-- The page cache's version (issue 16, decision 043). Every process keeps rendered anonymous
-- catalogue pages in memory, tagged with the version they were rendered under, and reads this one
-- row before it answers from memory: a different number means something a cached page shows has
-- changed, so the process drops its pages. The triggers below bump it inside the writing statement's
-- own transaction, for every insert, update and delete of a table those pages read, so no write
-- path of the application (manager screens, CSV import, orders' stock, seed, scripts) can forget it.
-- Left out on purpose: tables no cached page reads (orders, carts, members, sessions …) and
-- search_counts / popular_searches (written on every search flush, shown only through the API).
CREATE TABLE cache_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);

INSERT INTO cache_version (id, version) VALUES (1, 1);

CREATE TRIGGER cache_version_products_insert AFTER INSERT ON products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_products_update AFTER UPDATE ON products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_products_delete AFTER DELETE ON products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_options_insert AFTER INSERT ON product_options BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_options_update AFTER UPDATE ON product_options BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_options_delete AFTER DELETE ON product_options BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_images_insert AFTER INSERT ON product_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_images_update AFTER UPDATE ON product_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_images_delete AFTER DELETE ON product_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inputs_insert AFTER INSERT ON product_inputs BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inputs_update AFTER UPDATE ON product_inputs BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inputs_delete AFTER DELETE ON product_inputs BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_categories_insert AFTER INSERT ON product_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_categories_update AFTER UPDATE ON product_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_categories_delete AFTER DELETE ON product_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_categories_insert AFTER INSERT ON categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_categories_update AFTER UPDATE ON categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_categories_delete AFTER DELETE ON categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_standard_categories_insert AFTER INSERT ON standard_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_standard_categories_update AFTER UPDATE ON standard_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_standard_categories_delete AFTER DELETE ON standard_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_brands_insert AFTER INSERT ON brands BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_brands_update AFTER UPDATE ON brands BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_brands_delete AFTER DELETE ON brands BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_partners_insert AFTER INSERT ON partners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_partners_update AFTER UPDATE ON partners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_partners_delete AFTER DELETE ON partners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_templates_insert AFTER INSERT ON delivery_templates BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_templates_update AFTER UPDATE ON delivery_templates BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_templates_delete AFTER DELETE ON delivery_templates BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_template_remote_areas_insert AFTER INSERT ON delivery_template_remote_areas BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_template_remote_areas_update AFTER UPDATE ON delivery_template_remote_areas BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_delivery_template_remote_areas_delete AFTER DELETE ON delivery_template_remote_areas BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_sections_insert AFTER INSERT ON display_sections BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_sections_update AFTER UPDATE ON display_sections BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_sections_delete AFTER DELETE ON display_sections BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_section_products_insert AFTER INSERT ON display_section_products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_section_products_update AFTER UPDATE ON display_section_products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_display_section_products_delete AFTER DELETE ON display_section_products BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banner_groups_insert AFTER INSERT ON banner_groups BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banner_groups_update AFTER UPDATE ON banner_groups BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banner_groups_delete AFTER DELETE ON banner_groups BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banners_insert AFTER INSERT ON banners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banners_update AFTER UPDATE ON banners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_banners_delete AFTER DELETE ON banners BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_boards_insert AFTER INSERT ON boards BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_boards_update AFTER UPDATE ON boards BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_boards_delete AFTER DELETE ON boards BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_categories_insert AFTER INSERT ON board_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_categories_update AFTER UPDATE ON board_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_categories_delete AFTER DELETE ON board_categories BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_articles_insert AFTER INSERT ON board_articles BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_articles_update AFTER UPDATE ON board_articles BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_articles_delete AFTER DELETE ON board_articles BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_article_images_insert AFTER INSERT ON board_article_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_article_images_update AFTER UPDATE ON board_article_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_board_article_images_delete AFTER DELETE ON board_article_images BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_page_scripts_insert AFTER INSERT ON page_scripts BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_page_scripts_update AFTER UPDATE ON page_scripts BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_page_scripts_delete AFTER DELETE ON page_scripts BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_membership_benefits_insert AFTER INSERT ON membership_benefits BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_membership_benefits_update AFTER UPDATE ON membership_benefits BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_membership_benefits_delete AFTER DELETE ON membership_benefits BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_member_grades_insert AFTER INSERT ON member_grades BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_member_grades_update AFTER UPDATE ON member_grades BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_member_grades_delete AFTER DELETE ON member_grades BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_terms_insert AFTER INSERT ON terms BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_terms_update AFTER UPDATE ON terms BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_terms_delete AFTER DELETE ON terms BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_reviews_insert AFTER INSERT ON product_reviews BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_reviews_update AFTER UPDATE ON product_reviews BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_reviews_delete AFTER DELETE ON product_reviews BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_review_recommendations_insert AFTER INSERT ON review_recommendations BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_review_recommendations_update AFTER UPDATE ON review_recommendations BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_review_recommendations_delete AFTER DELETE ON review_recommendations BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inquiries_insert AFTER INSERT ON product_inquiries BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inquiries_update AFTER UPDATE ON product_inquiries BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_inquiries_delete AFTER DELETE ON product_inquiries BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_likes_insert AFTER INSERT ON product_likes BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_likes_update AFTER UPDATE ON product_likes BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER cache_version_product_likes_delete AFTER DELETE ON product_likes BEGIN
  UPDATE cache_version SET version = version + 1 WHERE id = 1;
END;
