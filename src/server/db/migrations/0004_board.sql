-- Support board (notices, FAQ, bug reports), 1:1 inquiries, membership benefit texts, shop-wide page
-- scripts and the local storage adapter's signing key. Times are UTC ISO-8601 strings written by the
-- application. Article content is kept as written (`content_source`) and as sanitised HTML
-- (`content_html`, the only form a page renders) with its plain text (`content_text`, for search).

-- Boards, numbered as in the specification (section 9). `member_posting` lets members write
-- (bug reports); administrators may write to every board. `read_scope` OWN: an article is shown
-- only to its author and to administrators.
CREATE TABLE boards (
  board_no       INTEGER PRIMARY KEY,
  board_id       TEXT NOT NULL UNIQUE,
  board_name     TEXT NOT NULL,
  member_posting INTEGER NOT NULL DEFAULT 0 CHECK (member_posting IN (0, 1)),
  read_scope     TEXT NOT NULL DEFAULT 'PUBLIC' CHECK (read_scope IN ('PUBLIC', 'OWN')),
  category_used  INTEGER NOT NULL DEFAULT 0 CHECK (category_used IN (0, 1)),
  display_order  INTEGER NOT NULL DEFAULT 0
);

INSERT INTO boards (board_no, board_id, board_name, member_posting, read_scope, category_used, display_order) VALUES
  (272902, 'notice', '공지사항', 0, 'PUBLIC', 0, 1),
  (272925, 'faq', '자주 묻는 질문', 0, 'PUBLIC', 1, 2),
  (280047, 'bug-report', '오류 신고', 1, 'OWN', 1, 3);

CREATE TABLE board_categories (
  category_no   INTEGER PRIMARY KEY,
  board_no      INTEGER NOT NULL REFERENCES boards (board_no) ON DELETE CASCADE,
  label         TEXT NOT NULL,
  display_order INTEGER NOT NULL DEFAULT 0,
  UNIQUE (board_no, label)
);

INSERT INTO board_categories (category_no, board_no, label, display_order) VALUES
  (1001, 272925, '회원', 1),
  (1002, 272925, '주문·결제', 2),
  (1003, 272925, '배송', 3),
  (1004, 272925, '교환·반품', 4),
  (1005, 272925, '커스텀 제작', 5),
  (2001, 280047, '화면 오류', 1),
  (2002, 280047, '주문·결제 오류', 2),
  (2003, 280047, '디자인 편집기', 3),
  (2004, 280047, '기타', 4);

CREATE TABLE board_articles (
  article_no         INTEGER PRIMARY KEY,
  board_no           INTEGER NOT NULL REFERENCES boards (board_no),
  category_no        INTEGER REFERENCES board_categories (category_no) ON DELETE SET NULL,
  title              TEXT NOT NULL,
  content_format     TEXT NOT NULL CHECK (content_format IN ('HTML', 'MARKDOWN', 'TEXT')),
  content_source     TEXT NOT NULL,
  content_html       TEXT NOT NULL,
  content_text       TEXT NOT NULL,
  -- pinned above the other articles of its board (Shopby's `notice` flag)
  notice             INTEGER NOT NULL DEFAULT 0 CHECK (notice IN (0, 1)),
  register_type      TEXT NOT NULL CHECK (register_type IN ('ADMIN', 'MEMBER')),
  register_member_no INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  register_name      TEXT NOT NULL,
  modifier_member_no INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  modifier_name      TEXT,
  -- where the author was when writing (bug reports)
  page_url           TEXT,
  view_count         INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  display_status     TEXT NOT NULL DEFAULT 'DISPLAY' CHECK (display_status IN ('DISPLAY', 'BLIND')),
  created_at         TEXT NOT NULL,
  updated_at         TEXT
);
CREATE INDEX board_articles_list ON board_articles (board_no, notice, article_no);
CREATE INDEX board_articles_register ON board_articles (register_member_no, board_no);

-- Images of an article (bug report screenshots), in order. URLs of the storage adapter.
CREATE TABLE board_article_images (
  article_no         INTEGER NOT NULL REFERENCES board_articles (article_no) ON DELETE CASCADE,
  position           INTEGER NOT NULL,
  image_url          TEXT NOT NULL,
  original_file_name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (article_no, position)
);

-- 1:1 inquiry types (Shopby's inquiryType).
CREATE TABLE inquiry_types (
  inquiry_type_no INTEGER PRIMARY KEY,
  name            TEXT NOT NULL UNIQUE,
  description     TEXT NOT NULL DEFAULT '',
  display_order   INTEGER NOT NULL DEFAULT 0,
  used            INTEGER NOT NULL DEFAULT 1 CHECK (used IN (0, 1))
);

INSERT INTO inquiry_types (inquiry_type_no, name, description, display_order) VALUES
  (1, '회원정보', '가입, 로그인, 회원 정보 변경', 1),
  (2, '주문·결제', '주문 방법, 결제 수단, 입금 확인', 2),
  (3, '배송', '배송 일정, 배송지 변경, 배송 조회', 3),
  (4, '교환·반품·환불', '교환, 반품, 환불 신청과 진행 상황', 4),
  (5, '커스텀 제작', '디자인 편집기, 제작 기간, 인쇄 품질', 5),
  (6, '기타', '그 밖의 문의', 6);

-- A member's 1:1 inquiry and its answer. Text is stored as typed and always shown as text.
CREATE TABLE inquiries (
  inquiry_no         INTEGER PRIMARY KEY,
  member_no          INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  inquiry_type_no    INTEGER NOT NULL REFERENCES inquiry_types (inquiry_type_no),
  title              TEXT NOT NULL,
  content            TEXT NOT NULL,
  order_no           TEXT,
  -- how the member wants to hear about the answer
  answer_email       INTEGER NOT NULL DEFAULT 0 CHECK (answer_email IN (0, 1)),
  answer_sms         INTEGER NOT NULL DEFAULT 0 CHECK (answer_sms IN (0, 1)),
  status             TEXT NOT NULL DEFAULT 'ASKED' CHECK (status IN ('ASKED', 'ANSWERED')),
  answer_content     TEXT,
  answered_by        INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  answered_at        TEXT,
  answer_notified_at TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  CHECK (status = 'ASKED' OR (answer_content IS NOT NULL AND answered_at IS NOT NULL))
);
CREATE INDEX inquiries_member ON inquiries (member_no, inquiry_no);
CREATE INDEX inquiries_status ON inquiries (status, inquiry_no);

CREATE TABLE inquiry_images (
  inquiry_no         INTEGER NOT NULL REFERENCES inquiries (inquiry_no) ON DELETE CASCADE,
  position           INTEGER NOT NULL,
  image_url          TEXT NOT NULL,
  original_file_name TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (inquiry_no, position)
);

-- What each member grade gets (/board/benefit). Grades themselves are member_grades (0002).
CREATE TABLE membership_benefits (
  benefit_no      INTEGER PRIMARY KEY,
  member_grade_no INTEGER NOT NULL REFERENCES member_grades (member_grade_no) ON DELETE CASCADE,
  title           TEXT NOT NULL,
  description     TEXT NOT NULL DEFAULT '',
  display_order   INTEGER NOT NULL DEFAULT 0
);

INSERT INTO membership_benefits (benefit_no, member_grade_no, title, description, display_order) VALUES
  (1, 1, '구매 적립 1%', '구매 확정한 상품 금액의 1%를 적립금으로 드립니다.', 1),
  (2, 1, '신규 가입 쿠폰', '가입 즉시 3,000원 할인 쿠폰 (3만원 이상 구매 시)', 2),
  (3, 1, '생일 쿠폰', '생일이 있는 달에 2,000원 할인 쿠폰', 3),
  (4, 2, '구매 적립 2%', '구매 확정한 상품 금액의 2%를 적립금으로 드립니다.', 1),
  (5, 2, '무료배송 쿠폰 매월 1장', '매월 1일에 발급되며 그달 말까지 사용할 수 있습니다.', 2),
  (6, 2, '생일 쿠폰', '생일이 있는 달에 5,000원 할인 쿠폰', 3),
  (7, 3, '구매 적립 3%', '구매 확정한 상품 금액의 3%를 적립금으로 드립니다.', 1),
  (8, 3, '무료배송 쿠폰 매월 2장', '매월 1일에 발급되며 그달 말까지 사용할 수 있습니다.', 2),
  (9, 3, '등급 할인 쿠폰', '매월 5% 할인 쿠폰 (최대 1만원)', 3),
  (10, 3, '생일 쿠폰', '생일이 있는 달에 7,000원 할인 쿠폰', 4),
  (11, 4, '구매 적립 5%', '구매 확정한 상품 금액의 5%를 적립금으로 드립니다.', 1),
  (12, 4, '무료배송 무제한', 'VIP 등급인 동안 모든 주문을 무료로 배송해 드립니다.', 2),
  (13, 4, '등급 할인 쿠폰', '매월 10% 할인 쿠폰 (최대 2만원)', 3),
  (14, 4, '커스텀 제작 우선 제작', '커스텀 제작 상품을 가장 먼저 제작해 드립니다.', 4),
  (15, 4, '생일 쿠폰', '생일이 있는 달에 10,000원 할인 쿠폰', 5);

-- Shop-wide scripts (GET /page/scripts): analytics or chat tags a manager configures per page
-- type and device. Empty by default.
CREATE TABLE page_scripts (
  page_script_no INTEGER PRIMARY KEY,
  page_type      TEXT NOT NULL,
  device_type    TEXT NOT NULL CHECK (device_type IN ('PC', 'MOBILE')),
  content        TEXT NOT NULL,
  used           INTEGER NOT NULL DEFAULT 1 CHECK (used IN (0, 1)),
  display_order  INTEGER NOT NULL DEFAULT 0,
  updated_at     TEXT NOT NULL
);
CREATE INDEX page_scripts_type ON page_scripts (page_type, device_type);

-- The secret the local storage adapter signs its upload URLs with: created once by the first
-- process that needs it, so every process of a scaled-out deployment signs and checks alike.
CREATE TABLE storage_signing_keys (
  key_id     TEXT PRIMARY KEY,
  secret     TEXT NOT NULL,
  created_at TEXT NOT NULL
);
