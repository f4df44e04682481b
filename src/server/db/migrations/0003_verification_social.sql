-- Verification (SMS codes, certification keys, counters and locks), the SMS/mail outbox, and social
-- login (links, OAuth states, sign-up tokens, the dev provider's grants). Times are UTC ISO-8601
-- strings written by the application (never `datetime('now')`, so tests can move the clock).
-- Secrets (codes, keys, tokens, states) are stored only as SHA-256 hex digests.

-- Messages of the built-in `outbox` SMS and mail adapters: what a real provider would deliver.
CREATE TABLE outbox_messages (
  message_no INTEGER PRIMARY KEY,
  channel    TEXT NOT NULL CHECK (channel IN ('sms', 'mail')),
  recipient  TEXT NOT NULL,
  subject    TEXT,
  body       TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_messages_recipient ON outbox_messages (channel, recipient, message_no);

-- One active SMS code per (usage, mobile number): a new send replaces the row.
CREATE TABLE sms_verifications (
  usage           TEXT NOT NULL,
  mobile_no       TEXT NOT NULL,
  code_hash       TEXT NOT NULL,
  member_name     TEXT,
  expires_at      TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- set when the code was verified (used) or burnt by too many wrong tries
  closed_at       TEXT,
  created_at      TEXT NOT NULL,
  PRIMARY KEY (usage, mobile_no)
);

-- Fixed-window counters (sends per number, sends per IP, reset mails per id ...), keyed by
-- '<scope>:<subject>'. Incremented with one upsert so two processes never lose a hit.
CREATE TABLE verification_counters (
  counter_key       TEXT PRIMARY KEY,
  window_started_at TEXT NOT NULL,
  hits              INTEGER NOT NULL CHECK (hits >= 0)
);

-- Locks after too many sends or wrong codes (L1008): the key is locked until `locked_until`.
CREATE TABLE verification_locks (
  lock_key     TEXT PRIMARY KEY,
  locked_until TEXT NOT NULL,
  reason       TEXT NOT NULL
);

-- Proof of a finished verification, handed to the next step (find id, password change, join)
-- and usable once. `mobile_no` for SMS, `member_no` for an e-mailed reset link.
CREATE TABLE certification_keys (
  key_hash    TEXT PRIMARY KEY,
  usage       TEXT NOT NULL,
  channel     TEXT NOT NULL CHECK (channel IN ('sms', 'mail')),
  mobile_no   TEXT,
  member_no   INTEGER REFERENCES members (member_no) ON DELETE CASCADE,
  member_name TEXT,
  expires_at  TEXT NOT NULL,
  used_at     TEXT,
  created_at  TEXT NOT NULL,
  CHECK (mobile_no IS NOT NULL OR member_no IS NOT NULL)
);
CREATE INDEX certification_keys_expiry ON certification_keys (expires_at);

-- A member's social identities. One account per provider per member; one member per identity.
CREATE TABLE social_links (
  member_no        INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  provider         TEXT NOT NULL CHECK (provider IN ('naver', 'kakao')),
  provider_user_id TEXT NOT NULL,
  email            TEXT,
  linked_at        TEXT NOT NULL,
  UNIQUE (provider, provider_user_id),
  UNIQUE (member_no, provider)
);

-- OAuth `state` values handed out by GET /oauth/login-url, single use, with the PKCE verifier
-- (providers that support it) and the hash of the browser-binding cookie.
CREATE TABLE oauth_states (
  state_hash      TEXT PRIMARY KEY,
  provider        TEXT NOT NULL,
  purpose         TEXT NOT NULL CHECK (purpose IN ('login', 'link')),
  redirect_uri    TEXT NOT NULL,
  code_verifier   TEXT,
  member_no       INTEGER REFERENCES members (member_no) ON DELETE CASCADE,
  binding_hash    TEXT NOT NULL,
  expires_at      TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  CHECK (purpose = 'login' OR member_no IS NOT NULL)
);
CREATE INDEX oauth_states_expiry ON oauth_states (expires_at);

-- A verified social identity that has no member yet: POST /profile/openid turns it into one
-- after the terms consent. Single use.
CREATE TABLE social_signup_tokens (
  token_hash       TEXT PRIMARY KEY,
  provider         TEXT NOT NULL,
  provider_user_id TEXT NOT NULL,
  profile_json     TEXT NOT NULL,
  expires_at       TEXT NOT NULL,
  used_at          TEXT,
  created_at       TEXT NOT NULL
);
CREATE INDEX social_signup_tokens_expiry ON social_signup_tokens (expires_at);

-- One-time tickets for the partner exchange (POST /oauth/openid with provider ncpstore): the
-- brand's own id login hands one out, the shop engine redeems it for a session.
CREATE TABLE partner_login_tickets (
  ticket_hash TEXT PRIMARY KEY,
  member_no   INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  expires_at  TEXT NOT NULL,
  used_at     TEXT,
  created_at  TEXT NOT NULL
);

-- The built-in `dev` provider (outside production only): the consent page's submitted profile,
-- reachable by an authorization code (single use, short) and then by the access token issued for it.
CREATE TABLE dev_oauth_grants (
  code_hash         TEXT PRIMARY KEY,
  provider          TEXT NOT NULL,
  profile_json      TEXT NOT NULL,
  redirect_uri      TEXT NOT NULL,
  code_challenge    TEXT,
  code_expires_at   TEXT NOT NULL,
  code_used_at      TEXT,
  access_token_hash TEXT UNIQUE,
  token_expires_at  TEXT
);
