-- Messages to shoppers about their orders, claims and questions (issue 18, decision 029): written in
-- the transaction of the event they tell about, sent afterwards by the maintenance pass through the
-- mail and SMS ports, with retries. One row per event, subject and channel: the same event recorded
-- twice (a retried webhook, two processes) gives one message (INSERT OR IGNORE on the unique key).
CREATE TABLE notification_outbox (
  notification_no INTEGER PRIMARY KEY,
  event           TEXT NOT NULL,
  ref             TEXT NOT NULL,
  channel         TEXT NOT NULL CHECK (channel IN ('sms', 'mail')),
  recipient       TEXT NOT NULL,
  subject         TEXT,
  body            TEXT NOT NULL,
  -- the 알림톡 template's variables (JSON), for an SMS provider that sends 알림톡
  kakao_variables TEXT,
  status          TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  -- a sender's lease: the row is its own until this time (a crashed sender's rows come back)
  claimed_until   TEXT,
  claim_token     TEXT,
  last_error      TEXT,
  created_at      TEXT NOT NULL,
  sent_at         TEXT,
  UNIQUE (event, ref, channel)
);
CREATE INDEX notification_outbox_due ON notification_outbox (status, next_attempt_at);

-- The e-mail a member gives is confirmed by a link sent to it (issue 18): when it was confirmed, and
-- the address a confirmation link was made for (a link for an address since changed confirms nothing).
ALTER TABLE members ADD COLUMN email_verified_at TEXT;
ALTER TABLE certification_keys ADD COLUMN email TEXT;

-- Shop-wide promotion settings the owner sets in the back office (issue 18): `signup_points`, the
-- points every new member gets in the join as a welcome benefit (0: none).
CREATE TABLE promotion_settings (
  setting_key   TEXT PRIMARY KEY,
  setting_value INTEGER NOT NULL CHECK (setting_value >= 0),
  updated_at    TEXT NOT NULL
);
