-- Coupons given to every new member in the join itself (issue 15, decision 024): the running ones
-- (active, within the issue period, not exhausted) are issued in the sign-up's transaction.
ALTER TABLE coupons ADD COLUMN issue_on_signup INTEGER NOT NULL DEFAULT 0 CHECK (issue_on_signup IN (0, 1));
CREATE INDEX coupons_issue_on_signup ON coupons (issue_on_signup) WHERE issue_on_signup = 1;
