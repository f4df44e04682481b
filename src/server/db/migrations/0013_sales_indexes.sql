-- The sales figures (src/server/pos/reports.ts) select by the day money moved: web orders by when
-- they were paid, returns by when a manager approved them, counter refunds by when they were made.
CREATE INDEX orders_paid ON orders (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX pos_refunds_created ON pos_refunds (created_at);
CREATE INDEX claims_decided ON claims (decided_at) WHERE decided_at IS NOT NULL;
