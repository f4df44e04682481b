-- Members and identity: members, grades, groups (the brand administrator group), point-of-sale
-- staff, sessions, user-update tokens, login rate-limit counters, terms with their history and
-- members' consents. Times are UTC ISO-8601 strings written by the application (never
-- `datetime('now')`, so tests can move the clock). Secrets (session and update tokens) are stored
-- only as SHA-256 hex digests; passwords only as argon2id hashes.

CREATE TABLE member_grades (
  member_grade_no INTEGER PRIMARY KEY,
  grade_name      TEXT NOT NULL UNIQUE,
  grade_level     INTEGER NOT NULL UNIQUE,
  description     TEXT NOT NULL DEFAULT '',
  -- the grade a new member starts in (exactly one)
  is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
);
CREATE UNIQUE INDEX member_grades_one_default ON member_grades (is_default) WHERE is_default = 1;

INSERT INTO member_grades (member_grade_no, grade_name, grade_level, description, is_default) VALUES
  (1, '일반', 1, '가입하면 바로 적용되는 기본 등급입니다.', 1),
  (2, '실버', 2, '최근 6개월 구매 금액 10만원 이상', 0),
  (3, '골드', 3, '최근 6개월 구매 금액 30만원 이상', 0),
  (4, 'VIP', 4, '최근 6개월 구매 금액 100만원 이상', 0);

CREATE TABLE members (
  member_no           INTEGER PRIMARY KEY,
  -- lower-case; NULL for a member who signed up with social login only, and after withdrawal
  member_id           TEXT UNIQUE,
  -- argon2id (PHC string); NULL for social-only members and after withdrawal
  password_hash       TEXT,
  password_changed_at TEXT,
  member_name         TEXT,
  -- lower-case
  email               TEXT,
  -- digits only
  mobile_no           TEXT,
  -- YYYYMMDD
  birthday            TEXT CHECK (birthday IS NULL OR (length(birthday) = 8 AND birthday NOT GLOB '*[^0-9]*')),
  sex                 TEXT CHECK (sex IS NULL OR sex IN ('M', 'F')),
  member_status       TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (member_status IN ('ACTIVE', 'LOCKED', 'WITHDRAWN')),
  member_grade_no     INTEGER NOT NULL DEFAULT 1 REFERENCES member_grades (member_grade_no),
  sms_agreed          INTEGER NOT NULL DEFAULT 0 CHECK (sms_agreed IN (0, 1)),
  sms_agreed_at       TEXT,
  -- Shopby's directMailAgreed: advertising by e-mail
  email_agreed        INTEGER NOT NULL DEFAULT 0 CHECK (email_agreed IN (0, 1)),
  email_agreed_at     TEXT,
  last_login_at       TEXT,
  last_login_ip       TEXT,
  login_count         INTEGER NOT NULL DEFAULT 0,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  withdrawn_at        TEXT,
  withdrawal_reason   TEXT,
  CHECK (member_status <> 'WITHDRAWN' OR withdrawn_at IS NOT NULL)
);
-- One account per e-mail and per mobile number (withdrawn members have neither any more).
CREATE UNIQUE INDEX members_email ON members (email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX members_mobile_no ON members (mobile_no) WHERE mobile_no IS NOT NULL;

-- Ids of withdrawn members stay reserved so nobody can take over a former member's id; only a
-- SHA-256 digest of the id is kept, not the id itself.
CREATE TABLE withdrawn_member_ids (
  member_id_hash TEXT PRIMARY KEY,
  withdrawn_at   TEXT NOT NULL
);

-- Member groups. `is_admin = 1` marks the brand administrator group ("{BRAND_NAME} 관리자"),
-- which passes the admin guard; its name follows BRAND_NAME (the create-admin script and the
-- demo seed rename it), so code finds it by `group_key`, never by name.
CREATE TABLE member_groups (
  group_no          INTEGER PRIMARY KEY,
  group_key         TEXT UNIQUE,
  group_name        TEXT NOT NULL UNIQUE,
  group_description TEXT NOT NULL DEFAULT '',
  is_admin          INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1))
);
INSERT INTO member_groups (group_no, group_key, group_name, group_description, is_admin) VALUES
  (1, 'brand-admin', '포도 관리자', '쇼핑몰 관리자 그룹: 관리 화면(/custom/admin 등)을 이용할 수 있습니다.', 1);

CREATE TABLE member_group_members (
  group_no  INTEGER NOT NULL REFERENCES member_groups (group_no) ON DELETE CASCADE,
  member_no INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  added_at  TEXT NOT NULL,
  PRIMARY KEY (group_no, member_no)
);
CREATE INDEX member_group_members_member ON member_group_members (member_no);

-- Point-of-sale staff: members who may use the POS screens. They log in like any member.
CREATE TABLE staff_accounts (
  member_no  INTEGER PRIMARY KEY REFERENCES members (member_no) ON DELETE CASCADE,
  staff_role TEXT NOT NULL DEFAULT 'POS' CHECK (staff_role IN ('POS')),
  store_name TEXT,
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL
);

-- Login sessions. The access token is 256 random bits handed out once; only its digest is kept.
CREATE TABLE sessions (
  token_hash   TEXT PRIMARY KEY,
  member_no    INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  issued_at    TEXT NOT NULL,
  expires_at   TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  keep_login   INTEGER NOT NULL DEFAULT 0 CHECK (keep_login IN (0, 1)),
  ip           TEXT,
  user_agent   TEXT,
  revoked_at   TEXT
);
CREATE INDEX sessions_member ON sessions (member_no);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- Proof of a recent password re-check (POST /profile/check-password), valid 30 minutes.
CREATE TABLE user_update_tokens (
  token_hash TEXT PRIMARY KEY,
  member_no  INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  issued_at  TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX user_update_tokens_member ON user_update_tokens (member_no);

-- Fixed-window failure counters for logins and password re-checks, per member id and per IP
-- (scope 'login-id', 'login-ip', 'check-password', ...). In the database so that every app
-- process sees the same counts; incremented with one upsert.
CREATE TABLE login_attempts (
  scope        TEXT NOT NULL,
  subject      TEXT NOT NULL,
  window_start TEXT NOT NULL,
  failures     INTEGER NOT NULL CHECK (failures >= 0),
  PRIMARY KEY (scope, subject)
);
CREATE INDEX login_attempts_window ON login_attempts (window_start);

-- Terms, with history: every version of a type is a row. The current version of a type is the
-- used row with the latest enforcement date not after today; later rows are announced changes.
-- `contents` is Markdown; `{{brandName}}` is replaced with BRAND_NAME when served.
CREATE TABLE terms (
  terms_no         INTEGER PRIMARY KEY,
  terms_type       TEXT NOT NULL,
  title            TEXT NOT NULL,
  contents         TEXT NOT NULL,
  -- YYYY-MM-DD (Seoul)
  enforcement_date TEXT NOT NULL CHECK (enforcement_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  -- consent to this type is needed to join
  required         INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
  used             INTEGER NOT NULL DEFAULT 1 CHECK (used IN (0, 1)),
  created_at       TEXT NOT NULL,
  UNIQUE (terms_type, enforcement_date)
);

CREATE TABLE member_terms_agreements (
  member_no  INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  terms_no   INTEGER NOT NULL REFERENCES terms (terms_no),
  terms_type TEXT NOT NULL,
  agreed_at  TEXT NOT NULL,
  PRIMARY KEY (member_no, terms_no)
);
CREATE INDEX member_terms_agreements_type ON member_terms_agreements (member_no, terms_type);

INSERT INTO terms (terms_no, terms_type, title, contents, enforcement_date, required, used, created_at) VALUES
(1, 'USE', '이용약관', '# {{brandName}} 이용약관

## 제1조 (목적)
이 약관은 {{brandName}}(이하 "회사")가 운영하는 온라인 쇼핑몰(이하 "몰")에서 제공하는 전자상거래 관련 서비스(이하 "서비스")를 이용할 때 회사와 이용자의 권리, 의무 및 책임사항을 정하는 것을 목적으로 합니다.

## 제2조 (회원가입)
1. 이용자는 몰이 정한 가입 양식에 따라 회원정보를 기입한 후 이 약관에 동의한다는 의사표시를 하여 회원가입을 신청합니다.
2. 회사는 타인의 명의를 이용하거나 허위 내용을 등록한 경우 가입을 승낙하지 않을 수 있습니다.

## 제3조 (회원 탈퇴)
회원은 언제든지 탈퇴를 요청할 수 있으며, 회사는 즉시 회원 탈퇴를 처리합니다.

## 부칙
이 약관은 2024년 1월 1일부터 시행합니다.', '2024-01-01', 1, 1, '2024-01-01T00:00:00.000Z'),
(2, 'USE', '이용약관', '# {{brandName}} 이용약관

## 제1조 (목적)
이 약관은 {{brandName}}(이하 "회사")가 운영하는 온라인 쇼핑몰(이하 "몰")에서 제공하는 전자상거래 관련 서비스(이하 "서비스")를 이용할 때 회사와 이용자의 권리, 의무 및 책임사항을 정하는 것을 목적으로 합니다.

## 제2조 (정의)
1. "회원"이란 몰에 개인정보를 제공하여 회원등록을 한 자로서, 몰의 정보를 지속적으로 제공받으며 서비스를 계속 이용할 수 있는 자를 말합니다.
2. "비회원"이란 회원에 가입하지 않고 회사가 제공하는 서비스를 이용하는 자를 말합니다.
3. "커스텀 상품"이란 회원이 디자인 편집기에서 모양, 색상, 문구 등을 정하여 주문하는 맞춤 제작 상품을 말합니다.

## 제3조 (회원가입)
1. 이용자는 몰이 정한 가입 양식에 따라 회원정보를 기입한 후 이 약관에 동의한다는 의사표시를 하여 회원가입을 신청합니다.
2. 회사는 타인의 명의를 이용하거나 허위 내용을 등록한 경우 가입을 승낙하지 않을 수 있습니다.

## 제4조 (회원 탈퇴 및 자격 상실)
1. 회원은 언제든지 탈퇴를 요청할 수 있으며, 회사는 즉시 회원 탈퇴를 처리합니다.
2. 탈퇴한 회원의 아이디는 다른 회원이 다시 사용할 수 없습니다.

## 제5조 (청약철회 등)
커스텀 상품은 회원의 주문에 따라 개별적으로 제작되므로, 제작이 시작된 후에는 전자상거래 등에서의 소비자보호에 관한 법률 제17조 제2항에 따라 청약철회가 제한될 수 있습니다.

## 부칙
이 약관은 2025년 3월 1일부터 시행합니다. 종전 약관은 이 약관으로 대체됩니다.', '2025-03-01', 1, 1, '2025-02-14T00:00:00.000Z'),
(3, 'PI_PROCESS', '개인정보처리방침', '# {{brandName}} 개인정보처리방침

{{brandName}}(이하 "회사")는 「개인정보 보호법」에 따라 이용자의 개인정보를 보호하고 이와 관련한 고충을 신속하게 처리하기 위하여 다음과 같이 개인정보처리방침을 둡니다.

## 1. 처리하는 개인정보 항목
- 회원가입: 아이디, 비밀번호, 이름, 이메일, 휴대폰 번호
- 선택: 생년월일, 성별
- 주문 시: 수령인 이름, 주소, 연락처

## 2. 개인정보의 보유 및 이용 기간
회원 탈퇴 시 지체 없이 파기합니다. 다만 관계 법령에 따라 보존할 필요가 있는 거래 기록은 해당 기간 동안 보관합니다.
- 계약 또는 청약철회 등에 관한 기록: 5년
- 대금결제 및 재화 등의 공급에 관한 기록: 5년
- 소비자의 불만 또는 분쟁처리에 관한 기록: 3년

## 3. 개인정보의 파기
전자적 파일 형태의 정보는 복구할 수 없는 방법으로 삭제합니다.

## 4. 개인정보 보호책임자
개인정보 관련 문의는 고객센터 1:1 문의로 접수해 주시기 바랍니다.', '2025-03-01', 0, 1, '2025-02-14T00:00:00.000Z'),
(4, 'PI_COLLECTION_AND_USE_REQUIRED', '개인정보 수집 및 이용 동의 (필수)', '# 개인정보 수집 및 이용 동의 (필수)

{{brandName}}은(는) 회원가입과 서비스 제공을 위해 아래와 같이 개인정보를 수집·이용합니다.

| 수집 목적 | 수집 항목 | 보유 및 이용 기간 |
| --- | --- | --- |
| 회원 식별 및 가입 의사 확인, 본인 확인 | 아이디, 비밀번호, 이름, 이메일, 휴대폰 번호 | 회원 탈퇴 시까지 |
| 주문 상품 배송, 결제, 고객 상담 | 수령인 이름, 주소, 연락처 | 회원 탈퇴 시까지 (관계 법령에 따른 보존 기간 제외) |

동의를 거부할 권리가 있으나, 동의하지 않으면 회원가입을 할 수 없습니다.', '2025-03-01', 1, 1, '2025-02-14T00:00:00.000Z'),
(5, 'PI_COLLECTION_AND_USE_OPTIONAL', '개인정보 수집 및 이용 동의 (선택)', '# 개인정보 수집 및 이용 동의 (선택)

| 수집 목적 | 수집 항목 | 보유 및 이용 기간 |
| --- | --- | --- |
| 생일 쿠폰 발급, 맞춤 상품 추천 | 생년월일, 성별 | 회원 탈퇴 또는 동의 철회 시까지 |

동의하지 않아도 회원가입과 서비스 이용에 제한이 없습니다.', '2025-03-01', 0, 1, '2025-02-14T00:00:00.000Z'),
(6, 'PI_14_AGE', '만 14세 이상입니다.', '만 14세 미만 아동은 법정대리인의 동의 없이 회원가입을 할 수 없습니다. 본인이 만 14세 이상임을 확인합니다.', '2025-03-01', 1, 1, '2025-02-14T00:00:00.000Z'),
(7, 'MARKETING_RECEIVE', '광고성 정보 수신 동의 (선택)', '# 광고성 정보 수신 동의 (선택)

신상품, 할인 행사, 쿠폰 등 혜택 정보를 문자(SMS)와 이메일로 받아보실 수 있습니다.
- 수신 항목: 휴대폰 번호, 이메일
- 보유 기간: 동의 철회 또는 회원 탈퇴 시까지

동의하지 않아도 회원가입과 서비스 이용에 제한이 없으며, 마이페이지에서 언제든지 변경할 수 있습니다.', '2025-03-01', 0, 1, '2025-02-14T00:00:00.000Z');
