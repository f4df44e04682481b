-- Designs members chose to share on /shop/user (issue 18; decision 034). shared_at: when the owner
-- shared it (NULL: not shared); hidden_at: when an administrator hid it from the page (moderation;
-- the owner's design itself is never changed by it).
ALTER TABLE designs ADD COLUMN shared_at TEXT;
ALTER TABLE designs ADD COLUMN share_hidden_at TEXT;
CREATE INDEX designs_shared ON designs (shared_at) WHERE shared_at IS NOT NULL;
