-- One row per periodic job (issue 16, decision 038): which process runs it now and until when. A
-- node takes the lease with one atomic UPSERT that only succeeds when the row is free, expired or
-- already its own; it renews while the pass runs and clears holder at the end. A crashed holder's
-- lease simply expires.
CREATE TABLE job_leases (
  name TEXT PRIMARY KEY,
  holder TEXT,
  expires_at INTEGER NOT NULL DEFAULT 0,
  acquired_at INTEGER
);
