-- The print service's outbox (issue 15, decision 027): one row per order code (a web order number
-- or a counter sale number) whose custom orders must reach the print service. The code is the
-- idempotency key: a retry first looks the order up at the service. A row is claimed atomically
-- (claim_id, claimed_until) by one process at a time; a claim left by a stopped process runs out.
CREATE TABLE pod_outbox (
  order_code      TEXT PRIMARY KEY,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  -- every send attempt ever made (never reset: any attempt may have reached the service)
  attempts        INTEGER NOT NULL DEFAULT 0,
  -- attempts counted before the owner's last resend (the failure budget starts again from there)
  attempts_before INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claim_id        TEXT,
  claimed_until   TEXT,
  last_error      TEXT,
  last_http       INTEGER,
  sent_at         TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX pod_outbox_due ON pod_outbox (state, next_attempt_at);

-- custom orders the print service never accepted are due at once
INSERT INTO pod_outbox (order_code, attempts, attempts_before, next_attempt_at, last_error, created_at, updated_at)
SELECT COALESCE(order_no, sale_no), MAX(pod_attempts), MAX(pod_attempts), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  MAX(pod_error), MIN(created_at), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM custom_orders WHERE pod_sent_at IS NULL AND cancelled_at IS NULL
GROUP BY COALESCE(order_no, sale_no);
