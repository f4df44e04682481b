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

-- Demo content: notices (two pinned) and FAQ entries, written as Markdown and stored with the HTML
-- the server's sanitiser made of it.
INSERT INTO board_articles (article_no, board_no, category_no, title, content_format, content_source, content_html, content_text, notice, register_type, register_member_no, register_name, view_count, created_at) VALUES
(1, 272902, NULL, '개인정보처리방침 개정 안내', 'MARKDOWN', '안녕하세요. 항상 저희 쇼핑몰을 이용해 주셔서 감사합니다.

「개인정보 보호법」 개정에 맞추어 개인정보처리방침을 아래와 같이 개정합니다.

- **시행일:** 2025년 3월 1일
- **주요 내용:** 처리하는 개인정보 항목 정리, 보유 기간 명시, 개인정보 보호책임자 문의 방법 안내

자세한 내용은 화면 아래의 [개인정보처리방침](/terms/privacy-policy)에서 확인하실 수 있습니다.', '<p>안녕하세요. 항상 저희 쇼핑몰을 이용해 주셔서 감사합니다.</p>
<p>「개인정보 보호법」 개정에 맞추어 개인정보처리방침을 아래와 같이 개정합니다.</p>
<ul>
<li><strong>시행일:</strong> 2025년 3월 1일</li>
<li><strong>주요 내용:</strong> 처리하는 개인정보 항목 정리, 보유 기간 명시, 개인정보 보호책임자 문의 방법 안내</li>
</ul>
<p>자세한 내용은 화면 아래의 <a href="/terms/privacy-policy">개인정보처리방침</a>에서 확인하실 수 있습니다.</p>', '안녕하세요. 항상 저희 쇼핑몰을 이용해 주셔서 감사합니다. 「개인정보 보호법」 개정에 맞추어 개인정보처리방침을 아래와 같이 개정합니다. 시행일: 2025년 3월 1일 주요 내용: 처리하는 개인정보 항목 정리, 보유 기간 명시, 개인정보 보호책임자 문의 방법 안내 자세한 내용은 화면 아래의 개인정보처리방침에서 확인하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 412, '2025-02-14T01:00:00.000Z'),
(2, 272902, NULL, '이용약관 개정 안내 (2025년 3월 1일 시행)', 'MARKDOWN', '이용약관 일부가 아래와 같이 변경됩니다.

1. 회원과 비회원, 커스텀 상품의 정의를 새로 두었습니다. (제2조)
2. 맞춤 제작되는 커스텀 상품의 청약철회 제한 규정을 명확히 하였습니다. (제5조)

변경된 약관은 **2025년 3월 1일**부터 적용됩니다. 시행일 이후에도 서비스를 계속 이용하시면 변경된 약관에 동의하신 것으로 봅니다.
전문은 [이용약관](/terms/agreement)에서 보실 수 있습니다.', '<p>이용약관 일부가 아래와 같이 변경됩니다.</p>
<ol>
<li>회원과 비회원, 커스텀 상품의 정의를 새로 두었습니다. (제2조)</li>
<li>맞춤 제작되는 커스텀 상품의 청약철회 제한 규정을 명확히 하였습니다. (제5조)</li>
</ol>
<p>변경된 약관은 <strong>2025년 3월 1일</strong>부터 적용됩니다. 시행일 이후에도 서비스를 계속 이용하시면 변경된 약관에 동의하신 것으로 봅니다.<br />전문은 <a href="/terms/agreement">이용약관</a>에서 보실 수 있습니다.</p>', '이용약관 일부가 아래와 같이 변경됩니다. 회원과 비회원, 커스텀 상품의 정의를 새로 두었습니다. (제2조) 맞춤 제작되는 커스텀 상품의 청약철회 제한 규정을 명확히 하였습니다. (제5조) 변경된 약관은 2025년 3월 1일부터 적용됩니다. 시행일 이후에도 서비스를 계속 이용하시면 변경된 약관에 동의하신 것으로 봅니다. 전문은 이용약관에서 보실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 388, '2025-02-14T01:10:00.000Z'),
(3, 272902, NULL, '신규 회원 가입 혜택 안내', 'MARKDOWN', '새로 가입하신 회원님께 드리는 혜택을 안내해 드립니다.

- 가입 즉시 **3,000원 할인 쿠폰** 발급 (3만원 이상 구매 시)
- 첫 구매 후 구매 확정 시 적립금 **2배** 적립
- 생일이 있는 달에는 생일 축하 쿠폰 발급 (생년월일 입력 회원)

쿠폰은 마이페이지 > 쿠폰에서 확인하실 수 있습니다.', '<p>새로 가입하신 회원님께 드리는 혜택을 안내해 드립니다.</p>
<ul>
<li>가입 즉시 <strong>3,000원 할인 쿠폰</strong> 발급 (3만원 이상 구매 시)</li>
<li>첫 구매 후 구매 확정 시 적립금 <strong>2배</strong> 적립</li>
<li>생일이 있는 달에는 생일 축하 쿠폰 발급 (생년월일 입력 회원)</li>
</ul>
<p>쿠폰은 마이페이지 &gt; 쿠폰에서 확인하실 수 있습니다.</p>', '새로 가입하신 회원님께 드리는 혜택을 안내해 드립니다. 가입 즉시 3,000원 할인 쿠폰 발급 (3만원 이상 구매 시) 첫 구매 후 구매 확정 시 적립금 2배 적립 생일이 있는 달에는 생일 축하 쿠폰 발급 (생년월일 입력 회원) 쿠폰은 마이페이지 > 쿠폰에서 확인하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 957, '2025-04-01T00:30:00.000Z'),
(4, 272902, NULL, '소음 걱정 덜어 줄 방진 패드 신상품 출시', 'MARKDOWN', '층간 소음과 진동을 줄여 주는 **방진 패드** 신상품이 출시되었습니다.

세탁기, 냉장고, 러닝머신처럼 진동이 큰 가전 아래에 두면 바닥으로 전해지는 울림을 줄여 줍니다.
원형과 사각형 두 가지 모양이 있으며, 커스텀 제작으로 원하는 문구와 색상을 넣을 수도 있습니다.

출시 기념으로 6월 한 달 동안 **10% 할인**된 가격으로 만나 보세요.', '<p>층간 소음과 진동을 줄여 주는 <strong>방진 패드</strong> 신상품이 출시되었습니다.</p>
<p>세탁기, 냉장고, 러닝머신처럼 진동이 큰 가전 아래에 두면 바닥으로 전해지는 울림을 줄여 줍니다.<br />원형과 사각형 두 가지 모양이 있으며, 커스텀 제작으로 원하는 문구와 색상을 넣을 수도 있습니다.</p>
<p>출시 기념으로 6월 한 달 동안 <strong>10% 할인</strong>된 가격으로 만나 보세요.</p>', '층간 소음과 진동을 줄여 주는 방진 패드 신상품이 출시되었습니다. 세탁기, 냉장고, 러닝머신처럼 진동이 큰 가전 아래에 두면 바닥으로 전해지는 울림을 줄여 줍니다. 원형과 사각형 두 가지 모양이 있으며, 커스텀 제작으로 원하는 문구와 색상을 넣을 수도 있습니다. 출시 기념으로 6월 한 달 동안 10% 할인된 가격으로 만나 보세요.', 0, 'ADMIN', NULL, '운영자', 633, '2025-06-10T02:00:00.000Z'),
(5, 272902, NULL, '디자인 편집기 글꼴 추가 안내', 'MARKDOWN', '디자인 편집기에서 사용할 수 있는 한글 글꼴이 늘었습니다.

새로 추가된 글꼴: 고운돋움, 주아, 도현, 검은고딕, 스포카 한 산스 Neo

이미 저장해 두신 디자인도 편집기에서 열어 글꼴을 바꾸실 수 있습니다.
글꼴에 따라 작은 크기의 글자는 인쇄 시 뭉개질 수 있으니, 글자 크기는 **10pt 이상**을 권장합니다.', '<p>디자인 편집기에서 사용할 수 있는 한글 글꼴이 늘었습니다.</p>
<p>새로 추가된 글꼴: 고운돋움, 주아, 도현, 검은고딕, 스포카 한 산스 Neo</p>
<p>이미 저장해 두신 디자인도 편집기에서 열어 글꼴을 바꾸실 수 있습니다.<br />글꼴에 따라 작은 크기의 글자는 인쇄 시 뭉개질 수 있으니, 글자 크기는 <strong>10pt 이상</strong>을 권장합니다.</p>', '디자인 편집기에서 사용할 수 있는 한글 글꼴이 늘었습니다. 새로 추가된 글꼴: 고운돋움, 주아, 도현, 검은고딕, 스포카 한 산스 Neo 이미 저장해 두신 디자인도 편집기에서 열어 글꼴을 바꾸실 수 있습니다. 글꼴에 따라 작은 크기의 글자는 인쇄 시 뭉개질 수 있으니, 글자 크기는 10pt 이상을 권장합니다.', 0, 'ADMIN', NULL, '운영자', 281, '2025-08-21T05:00:00.000Z'),
(6, 272902, NULL, '2025년 추석 연휴 배송 안내', 'MARKDOWN', '추석 연휴 기간 배송 일정을 안내해 드립니다.

| 구분 | 일정 |
| --- | --- |
| 연휴 전 마지막 출고 | 10월 1일(수) 오후 2시 결제 완료 건까지 |
| 택배사 휴무 | 10월 3일(금) ~ 10월 9일(목) |
| 출고 재개 | 10월 10일(금)부터 순차 출고 |

커스텀 제작 상품은 제작 기간이 더해져 평소보다 2~3일 더 걸릴 수 있습니다. 넉넉하게 주문해 주세요.', '<p>추석 연휴 기간 배송 일정을 안내해 드립니다.</p>
<table>
<thead>
<tr>
<th>구분</th>
<th>일정</th>
</tr>
</thead>
<tbody><tr>
<td>연휴 전 마지막 출고</td>
<td>10월 1일(수) 오후 2시 결제 완료 건까지</td>
</tr>
<tr>
<td>택배사 휴무</td>
<td>10월 3일(금) ~ 10월 9일(목)</td>
</tr>
<tr>
<td>출고 재개</td>
<td>10월 10일(금)부터 순차 출고</td>
</tr>
</tbody></table>
<p>커스텀 제작 상품은 제작 기간이 더해져 평소보다 2~3일 더 걸릴 수 있습니다. 넉넉하게 주문해 주세요.</p>', '추석 연휴 기간 배송 일정을 안내해 드립니다. 구분 일정 연휴 전 마지막 출고 10월 1일(수) 오후 2시 결제 완료 건까지 택배사 휴무 10월 3일(금) ~ 10월 9일(목) 출고 재개 10월 10일(금)부터 순차 출고 커스텀 제작 상품은 제작 기간이 더해져 평소보다 2~3일 더 걸릴 수 있습니다. 넉넉하게 주문해 주세요.', 0, 'ADMIN', NULL, '운영자', 540, '2025-09-25T01:00:00.000Z'),
(7, 272902, NULL, '택배사 변경 안내', 'MARKDOWN', '보다 안정적인 배송을 위해 10월 13일 출고분부터 택배사가 변경됩니다.

이미 발송된 상품은 기존 택배사를 통해 배송되며, 변경된 택배사의 송장 번호는 마이페이지 > 주문·배송 조회에서 확인하실 수 있습니다.', '<p>보다 안정적인 배송을 위해 10월 13일 출고분부터 택배사가 변경됩니다.</p>
<p>이미 발송된 상품은 기존 택배사를 통해 배송되며, 변경된 택배사의 송장 번호는 마이페이지 &gt; 주문·배송 조회에서 확인하실 수 있습니다.</p>', '보다 안정적인 배송을 위해 10월 13일 출고분부터 택배사가 변경됩니다. 이미 발송된 상품은 기존 택배사를 통해 배송되며, 변경된 택배사의 송장 번호는 마이페이지 > 주문·배송 조회에서 확인하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 322, '2025-10-01T00:00:00.000Z'),
(8, 272902, NULL, '서버 점검 안내 (1월 20일 새벽 2시~4시)', 'MARKDOWN', '더 나은 서비스를 위해 서버 점검을 진행합니다.

- **점검 일시:** 2026년 1월 20일(화) 02:00 ~ 04:00
- **영향:** 점검 시간 동안 쇼핑몰 접속, 주문, 결제가 잠시 중단됩니다.

점검 시간은 작업 상황에 따라 앞당겨지거나 늦어질 수 있습니다. 이용에 불편을 드려 죄송합니다.', '<p>더 나은 서비스를 위해 서버 점검을 진행합니다.</p>
<ul>
<li><strong>점검 일시:</strong> 2026년 1월 20일(화) 02:00 ~ 04:00</li>
<li><strong>영향:</strong> 점검 시간 동안 쇼핑몰 접속, 주문, 결제가 잠시 중단됩니다.</li>
</ul>
<p>점검 시간은 작업 상황에 따라 앞당겨지거나 늦어질 수 있습니다. 이용에 불편을 드려 죄송합니다.</p>', '더 나은 서비스를 위해 서버 점검을 진행합니다. 점검 일시: 2026년 1월 20일(화) 02:00 ~ 04:00 영향: 점검 시간 동안 쇼핑몰 접속, 주문, 결제가 잠시 중단됩니다. 점검 시간은 작업 상황에 따라 앞당겨지거나 늦어질 수 있습니다. 이용에 불편을 드려 죄송합니다.', 0, 'ADMIN', NULL, '운영자', 198, '2026-01-15T03:00:00.000Z'),
(9, 272902, NULL, '[필독] 커스텀 제작 상품 주문 전 꼭 확인해 주세요', 'MARKDOWN', '커스텀 제작 상품은 고객님이 만드신 디자인 그대로 한 개씩 제작됩니다. 주문 전 아래 내용을 꼭 확인해 주세요.

1. **맞춤법과 문구**를 다시 한번 확인해 주세요. 입력하신 그대로 인쇄됩니다.
2. 모니터와 휴대폰 화면에 따라 **실제 인쇄 색상이 조금 다를 수** 있습니다.
3. 제작이 시작된 뒤에는 단순 변심에 의한 주문 취소와 반품이 어렵습니다.
4. 제작 기간은 결제 완료 후 영업일 기준 **3~5일**입니다.

궁금한 점은 [1:1 문의](/board/inquiry)로 남겨 주시면 빠르게 답변해 드리겠습니다.', '<p>커스텀 제작 상품은 고객님이 만드신 디자인 그대로 한 개씩 제작됩니다. 주문 전 아래 내용을 꼭 확인해 주세요.</p>
<ol>
<li><strong>맞춤법과 문구</strong>를 다시 한번 확인해 주세요. 입력하신 그대로 인쇄됩니다.</li>
<li>모니터와 휴대폰 화면에 따라 <strong>실제 인쇄 색상이 조금 다를 수</strong> 있습니다.</li>
<li>제작이 시작된 뒤에는 단순 변심에 의한 주문 취소와 반품이 어렵습니다.</li>
<li>제작 기간은 결제 완료 후 영업일 기준 <strong>3~5일</strong>입니다.</li>
</ol>
<p>궁금한 점은 <a href="/board/inquiry">1:1 문의</a>로 남겨 주시면 빠르게 답변해 드리겠습니다.</p>', '커스텀 제작 상품은 고객님이 만드신 디자인 그대로 한 개씩 제작됩니다. 주문 전 아래 내용을 꼭 확인해 주세요. 맞춤법과 문구를 다시 한번 확인해 주세요. 입력하신 그대로 인쇄됩니다. 모니터와 휴대폰 화면에 따라 실제 인쇄 색상이 조금 다를 수 있습니다. 제작이 시작된 뒤에는 단순 변심에 의한 주문 취소와 반품이 어렵습니다. 제작 기간은 결제 완료 후 영업일 기준 3~5일입니다. 궁금한 점은 1:1 문의로 남겨 주시면 빠르게 답변해 드리겠습니다.', 1, 'ADMIN', NULL, '운영자', 1520, '2026-03-02T00:00:00.000Z'),
(10, 272902, NULL, '회원 등급 혜택 개편 안내', 'MARKDOWN', '5월부터 회원 등급별 혜택이 더 좋아집니다.

- 실버 등급 이상 회원님께 매월 **무료배송 쿠폰**을 드립니다.
- 골드, VIP 등급의 구매 적립률이 높아졌습니다.

등급별 혜택은 [회원 혜택](/board/benefit) 페이지에서 자세히 보실 수 있습니다.', '<p>5월부터 회원 등급별 혜택이 더 좋아집니다.</p>
<ul>
<li>실버 등급 이상 회원님께 매월 <strong>무료배송 쿠폰</strong>을 드립니다.</li>
<li>골드, VIP 등급의 구매 적립률이 높아졌습니다.</li>
</ul>
<p>등급별 혜택은 <a href="/board/benefit">회원 혜택</a> 페이지에서 자세히 보실 수 있습니다.</p>', '5월부터 회원 등급별 혜택이 더 좋아집니다. 실버 등급 이상 회원님께 매월 무료배송 쿠폰을 드립니다. 골드, VIP 등급의 구매 적립률이 높아졌습니다. 등급별 혜택은 회원 혜택 페이지에서 자세히 보실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 734, '2026-05-01T00:00:00.000Z'),
(11, 272902, NULL, '무통장 입금(가상계좌) 결제 시 유의사항', 'MARKDOWN', '가상계좌로 결제하실 때 아래 내용을 꼭 확인해 주세요.

1. 입금 기한은 주문일로부터 **3일**이며, 기한이 지나면 주문이 자동으로 취소됩니다.
2. 주문 금액과 입금 금액이 다르면 입금이 확인되지 않습니다.
3. 가상계좌 번호는 주문마다 새로 발급되니, 이전 주문의 계좌로 입금하지 마세요.

입금 확인 후 제작과 배송이 시작됩니다.', '<p>가상계좌로 결제하실 때 아래 내용을 꼭 확인해 주세요.</p>
<ol>
<li>입금 기한은 주문일로부터 <strong>3일</strong>이며, 기한이 지나면 주문이 자동으로 취소됩니다.</li>
<li>주문 금액과 입금 금액이 다르면 입금이 확인되지 않습니다.</li>
<li>가상계좌 번호는 주문마다 새로 발급되니, 이전 주문의 계좌로 입금하지 마세요.</li>
</ol>
<p>입금 확인 후 제작과 배송이 시작됩니다.</p>', '가상계좌로 결제하실 때 아래 내용을 꼭 확인해 주세요. 입금 기한은 주문일로부터 3일이며, 기한이 지나면 주문이 자동으로 취소됩니다. 주문 금액과 입금 금액이 다르면 입금이 확인되지 않습니다. 가상계좌 번호는 주문마다 새로 발급되니, 이전 주문의 계좌로 입금하지 마세요. 입금 확인 후 제작과 배송이 시작됩니다.', 0, 'ADMIN', NULL, '운영자', 415, '2026-07-08T02:30:00.000Z'),
(12, 272902, NULL, '쿠션 소재 옵션 추가 안내', 'MARKDOWN', '커스텀 쿠션에 새 소재 옵션이 추가되었습니다.

- **메모리폼:** 천천히 눌리고 복원되어 오래 앉아도 편안합니다.
- **고밀도 스펀지:** 단단한 쿠션감을 좋아하시는 분께 추천합니다.

상품 상세 페이지의 옵션에서 소재를 선택하실 수 있습니다.', '<p>커스텀 쿠션에 새 소재 옵션이 추가되었습니다.</p>
<ul>
<li><strong>메모리폼:</strong> 천천히 눌리고 복원되어 오래 앉아도 편안합니다.</li>
<li><strong>고밀도 스펀지:</strong> 단단한 쿠션감을 좋아하시는 분께 추천합니다.</li>
</ul>
<p>상품 상세 페이지의 옵션에서 소재를 선택하실 수 있습니다.</p>', '커스텀 쿠션에 새 소재 옵션이 추가되었습니다. 메모리폼: 천천히 눌리고 복원되어 오래 앉아도 편안합니다. 고밀도 스펀지: 단단한 쿠션감을 좋아하시는 분께 추천합니다. 상품 상세 페이지의 옵션에서 소재를 선택하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 267, '2026-09-03T01:00:00.000Z'),
(13, 272902, NULL, '연말연시 배송 마감 및 고객센터 운영 안내', 'MARKDOWN', '연말연시를 맞아 배송 마감 일정과 고객센터 운영 시간을 안내해 드립니다.

- **올해 마지막 출고:** 12월 29일(화) 오후 1시 결제 완료 건까지
- **커스텀 제작 상품:** 12월 24일(목) 결제 완료 건까지 연내 출고
- **고객센터 휴무:** 12월 31일(목) ~ 1월 1일(금)

휴무 기간에 남겨 주신 1:1 문의는 1월 4일(월)부터 순서대로 답변해 드립니다. 새해 복 많이 받으세요.', '<p>연말연시를 맞아 배송 마감 일정과 고객센터 운영 시간을 안내해 드립니다.</p>
<ul>
<li><strong>올해 마지막 출고:</strong> 12월 29일(화) 오후 1시 결제 완료 건까지</li>
<li><strong>커스텀 제작 상품:</strong> 12월 24일(목) 결제 완료 건까지 연내 출고</li>
<li><strong>고객센터 휴무:</strong> 12월 31일(목) ~ 1월 1일(금)</li>
</ul>
<p>휴무 기간에 남겨 주신 1:1 문의는 1월 4일(월)부터 순서대로 답변해 드립니다. 새해 복 많이 받으세요.</p>', '연말연시를 맞아 배송 마감 일정과 고객센터 운영 시간을 안내해 드립니다. 올해 마지막 출고: 12월 29일(화) 오후 1시 결제 완료 건까지 커스텀 제작 상품: 12월 24일(목) 결제 완료 건까지 연내 출고 고객센터 휴무: 12월 31일(목) ~ 1월 1일(금) 휴무 기간에 남겨 주신 1:1 문의는 1월 4일(월)부터 순서대로 답변해 드립니다. 새해 복 많이 받으세요.', 1, 'ADMIN', NULL, '운영자', 842, '2026-11-18T01:00:00.000Z'),
(14, 272925, 1001, '회원가입은 어떻게 하나요?', 'MARKDOWN', '화면 오른쪽 위의 **회원가입**을 눌러 아이디와 비밀번호를 정해 가입하실 수 있습니다.
네이버나 카카오 계정으로 간편하게 가입하실 수도 있습니다.', '<p>화면 오른쪽 위의 <strong>회원가입</strong>을 눌러 아이디와 비밀번호를 정해 가입하실 수 있습니다.<br />네이버나 카카오 계정으로 간편하게 가입하실 수도 있습니다.</p>', '화면 오른쪽 위의 회원가입을 눌러 아이디와 비밀번호를 정해 가입하실 수 있습니다. 네이버나 카카오 계정으로 간편하게 가입하실 수도 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:00:00.000Z'),
(15, 272925, 1001, '아이디나 비밀번호가 기억나지 않아요.', 'MARKDOWN', '로그인 화면의 **아이디 찾기 / 비밀번호 찾기**를 이용해 주세요.
가입하실 때 등록한 휴대폰 번호로 인증하면 아이디를 확인하거나 비밀번호를 새로 정하실 수 있습니다.', '<p>로그인 화면의 <strong>아이디 찾기 / 비밀번호 찾기</strong>를 이용해 주세요.<br />가입하실 때 등록한 휴대폰 번호로 인증하면 아이디를 확인하거나 비밀번호를 새로 정하실 수 있습니다.</p>', '로그인 화면의 아이디 찾기 / 비밀번호 찾기를 이용해 주세요. 가입하실 때 등록한 휴대폰 번호로 인증하면 아이디를 확인하거나 비밀번호를 새로 정하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:01:00.000Z'),
(16, 272925, 1001, '회원 탈퇴는 어떻게 하나요?', 'MARKDOWN', '마이페이지 > 회원 정보 수정 > **회원 탈퇴**에서 신청하실 수 있습니다.
탈퇴하면 남은 적립금과 쿠폰은 사라지며 다시 살릴 수 없습니다. 진행 중인 주문이 있으면 배송이 끝난 뒤에 탈퇴해 주세요.', '<p>마이페이지 &gt; 회원 정보 수정 &gt; <strong>회원 탈퇴</strong>에서 신청하실 수 있습니다.<br />탈퇴하면 남은 적립금과 쿠폰은 사라지며 다시 살릴 수 없습니다. 진행 중인 주문이 있으면 배송이 끝난 뒤에 탈퇴해 주세요.</p>', '마이페이지 > 회원 정보 수정 > 회원 탈퇴에서 신청하실 수 있습니다. 탈퇴하면 남은 적립금과 쿠폰은 사라지며 다시 살릴 수 없습니다. 진행 중인 주문이 있으면 배송이 끝난 뒤에 탈퇴해 주세요.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:02:00.000Z'),
(17, 272925, 1002, '어떤 결제 수단을 쓸 수 있나요?', 'MARKDOWN', '신용카드, 무통장 입금(가상계좌), 휴대폰 결제, 네이버페이를 이용하실 수 있습니다.', '<p>신용카드, 무통장 입금(가상계좌), 휴대폰 결제, 네이버페이를 이용하실 수 있습니다.</p>', '신용카드, 무통장 입금(가상계좌), 휴대폰 결제, 네이버페이를 이용하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:03:00.000Z'),
(18, 272925, 1002, '가상계좌 입금 기한이 있나요?', 'MARKDOWN', '주문일로부터 **3일 안에** 입금해 주셔야 합니다. 기한이 지나면 주문이 자동으로 취소됩니다.', '<p>주문일로부터 <strong>3일 안에</strong> 입금해 주셔야 합니다. 기한이 지나면 주문이 자동으로 취소됩니다.</p>', '주문일로부터 3일 안에 입금해 주셔야 합니다. 기한이 지나면 주문이 자동으로 취소됩니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:04:00.000Z'),
(19, 272925, 1002, '비회원도 주문할 수 있나요?', 'MARKDOWN', '네, 일반 상품은 비회원으로도 주문하실 수 있습니다.
다만 **커스텀 제작 상품**은 디자인을 저장해야 하므로 회원만 주문하실 수 있습니다.', '<p>네, 일반 상품은 비회원으로도 주문하실 수 있습니다.<br />다만 <strong>커스텀 제작 상품</strong>은 디자인을 저장해야 하므로 회원만 주문하실 수 있습니다.</p>', '네, 일반 상품은 비회원으로도 주문하실 수 있습니다. 다만 커스텀 제작 상품은 디자인을 저장해야 하므로 회원만 주문하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:05:00.000Z'),
(20, 272925, 1003, '배송은 얼마나 걸리나요?', 'MARKDOWN', '일반 상품은 결제 완료 후 영업일 기준 **1~3일** 안에 받아 보실 수 있습니다.
커스텀 제작 상품은 제작 기간(3~5일)이 더해집니다. 도서·산간 지역은 하루 이틀 더 걸릴 수 있습니다.', '<p>일반 상품은 결제 완료 후 영업일 기준 <strong>1~3일</strong> 안에 받아 보실 수 있습니다.<br />커스텀 제작 상품은 제작 기간(3~5일)이 더해집니다. 도서·산간 지역은 하루 이틀 더 걸릴 수 있습니다.</p>', '일반 상품은 결제 완료 후 영업일 기준 1~3일 안에 받아 보실 수 있습니다. 커스텀 제작 상품은 제작 기간(3~5일)이 더해집니다. 도서·산간 지역은 하루 이틀 더 걸릴 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:06:00.000Z'),
(21, 272925, 1003, '배송비는 얼마인가요?', 'MARKDOWN', '기본 배송비는 3,000원이며, **3만원 이상** 구매하시면 무료로 배송해 드립니다.
제주 및 도서·산간 지역은 추가 배송비가 붙을 수 있습니다.', '<p>기본 배송비는 3,000원이며, <strong>3만원 이상</strong> 구매하시면 무료로 배송해 드립니다.<br />제주 및 도서·산간 지역은 추가 배송비가 붙을 수 있습니다.</p>', '기본 배송비는 3,000원이며, 3만원 이상 구매하시면 무료로 배송해 드립니다. 제주 및 도서·산간 지역은 추가 배송비가 붙을 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:07:00.000Z'),
(22, 272925, 1003, '주문 후에 배송지를 바꿀 수 있나요?', 'MARKDOWN', '상품이 출고되기 전(결제 완료, 상품 준비 중 상태)이라면 1:1 문의로 요청해 주세요. 바꿔 드리겠습니다.
이미 출고된 뒤에는 택배사 고객센터로 문의해 주셔야 합니다.', '<p>상품이 출고되기 전(결제 완료, 상품 준비 중 상태)이라면 1:1 문의로 요청해 주세요. 바꿔 드리겠습니다.<br />이미 출고된 뒤에는 택배사 고객센터로 문의해 주셔야 합니다.</p>', '상품이 출고되기 전(결제 완료, 상품 준비 중 상태)이라면 1:1 문의로 요청해 주세요. 바꿔 드리겠습니다. 이미 출고된 뒤에는 택배사 고객센터로 문의해 주셔야 합니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:08:00.000Z'),
(23, 272925, 1004, '교환이나 반품은 어떻게 신청하나요?', 'MARKDOWN', '상품을 받으신 날부터 **7일 안에** 마이페이지 > 주문·배송 조회에서 반품을 신청해 주세요.
사진을 함께 올려 주시면 더 빠르게 처리해 드립니다.', '<p>상품을 받으신 날부터 <strong>7일 안에</strong> 마이페이지 &gt; 주문·배송 조회에서 반품을 신청해 주세요.<br />사진을 함께 올려 주시면 더 빠르게 처리해 드립니다.</p>', '상품을 받으신 날부터 7일 안에 마이페이지 > 주문·배송 조회에서 반품을 신청해 주세요. 사진을 함께 올려 주시면 더 빠르게 처리해 드립니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:09:00.000Z'),
(24, 272925, 1004, '커스텀 제작 상품도 반품할 수 있나요?', 'MARKDOWN', '커스텀 제작 상품은 주문하신 디자인대로 따로 만들기 때문에 **단순 변심으로는 반품이 어렵습니다.**
인쇄 불량이나 파손처럼 상품에 문제가 있는 경우에는 무료로 다시 제작해 드리거나 환불해 드립니다.', '<p>커스텀 제작 상품은 주문하신 디자인대로 따로 만들기 때문에 <strong>단순 변심으로는 반품이 어렵습니다.</strong><br />인쇄 불량이나 파손처럼 상품에 문제가 있는 경우에는 무료로 다시 제작해 드리거나 환불해 드립니다.</p>', '커스텀 제작 상품은 주문하신 디자인대로 따로 만들기 때문에 단순 변심으로는 반품이 어렵습니다. 인쇄 불량이나 파손처럼 상품에 문제가 있는 경우에는 무료로 다시 제작해 드리거나 환불해 드립니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:10:00.000Z'),
(25, 272925, 1004, '반품 배송비는 누가 내나요?', 'MARKDOWN', '단순 변심으로 반품하시는 경우 왕복 배송비 6,000원을 고객님께서 부담해 주셔야 합니다.
상품 불량이나 잘못 배송된 경우에는 저희가 부담합니다.', '<p>단순 변심으로 반품하시는 경우 왕복 배송비 6,000원을 고객님께서 부담해 주셔야 합니다.<br />상품 불량이나 잘못 배송된 경우에는 저희가 부담합니다.</p>', '단순 변심으로 반품하시는 경우 왕복 배송비 6,000원을 고객님께서 부담해 주셔야 합니다. 상품 불량이나 잘못 배송된 경우에는 저희가 부담합니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:11:00.000Z'),
(26, 272925, 1005, '만든 디자인은 어디에 저장되나요?', 'MARKDOWN', '디자인 편집기에서 **저장**을 누르면 회원님의 계정에 저장됩니다.
저장한 디자인은 나중에 다시 열어 고치거나 바로 주문하실 수 있습니다.', '<p>디자인 편집기에서 <strong>저장</strong>을 누르면 회원님의 계정에 저장됩니다.<br />저장한 디자인은 나중에 다시 열어 고치거나 바로 주문하실 수 있습니다.</p>', '디자인 편집기에서 저장을 누르면 회원님의 계정에 저장됩니다. 저장한 디자인은 나중에 다시 열어 고치거나 바로 주문하실 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:12:00.000Z'),
(27, 272925, 1005, '앞면과 뒷면을 다르게 만들 수 있나요?', 'MARKDOWN', '네. 디자인 편집기에서 **앞뒤 다르게**를 선택하면 앞면과 뒷면에 서로 다른 문구와 색상을 넣을 수 있습니다.', '<p>네. 디자인 편집기에서 <strong>앞뒤 다르게</strong>를 선택하면 앞면과 뒷면에 서로 다른 문구와 색상을 넣을 수 있습니다.</p>', '네. 디자인 편집기에서 앞뒤 다르게를 선택하면 앞면과 뒷면에 서로 다른 문구와 색상을 넣을 수 있습니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:13:00.000Z'),
(28, 272925, 1005, '제작 기간은 얼마나 걸리나요?', 'MARKDOWN', '결제가 완료된 날부터 영업일 기준 **3~5일**이 걸리고, 제작이 끝나면 바로 출고됩니다.
주문이 많은 시기에는 조금 더 걸릴 수 있으며, 이때는 공지사항으로 미리 알려 드립니다.', '<p>결제가 완료된 날부터 영업일 기준 <strong>3~5일</strong>이 걸리고, 제작이 끝나면 바로 출고됩니다.<br />주문이 많은 시기에는 조금 더 걸릴 수 있으며, 이때는 공지사항으로 미리 알려 드립니다.</p>', '결제가 완료된 날부터 영업일 기준 3~5일이 걸리고, 제작이 끝나면 바로 출고됩니다. 주문이 많은 시기에는 조금 더 걸릴 수 있으며, 이때는 공지사항으로 미리 알려 드립니다.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:14:00.000Z'),
(29, 272925, 1005, '화면에서 본 색상과 실제 색상이 다를 수 있나요?', 'MARKDOWN', '모니터나 휴대폰 화면은 빛으로 색을 표현하고 인쇄는 잉크로 표현하기 때문에 **조금 다르게 보일 수 있습니다.**
특히 형광색이나 아주 어두운 색은 차이가 클 수 있으니 참고해 주세요.', '<p>모니터나 휴대폰 화면은 빛으로 색을 표현하고 인쇄는 잉크로 표현하기 때문에 <strong>조금 다르게 보일 수 있습니다.</strong><br />특히 형광색이나 아주 어두운 색은 차이가 클 수 있으니 참고해 주세요.</p>', '모니터나 휴대폰 화면은 빛으로 색을 표현하고 인쇄는 잉크로 표현하기 때문에 조금 다르게 보일 수 있습니다. 특히 형광색이나 아주 어두운 색은 차이가 클 수 있으니 참고해 주세요.', 0, 'ADMIN', NULL, '운영자', 0, '2025-03-01T00:15:00.000Z');
