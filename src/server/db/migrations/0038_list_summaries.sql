-- A list's summary kept in the database (issue 16, decision 055): the count up to the cap, the
-- price range, the search facets and, under the cap, the matching product numbers of one filter
-- (keyword, categories, brands …; `summary_key`), read under catalogue version `version`
-- (cache_version.version, which every write to what a list shows bumps in the writing statement,
-- migrations 0032 and 0037). A reader uses a row only while its version is the current one and its
-- clock is from `valid_from` (when the row was read: a node whose clock is behind does not use it)
-- to before `valid_until`: the first moment a found product's sale ends or its discount starts
-- or ends, and at the latest 60 s after it was read (sale and like counters move a capped list's
-- most popular matches without a version bump, as they move the page cache's lists, decision 053).
-- Kept in the database, not in a process, so every app node sees the same rows and the same
-- version. Rows are written after the answer, best effort; expired rows are deleted by the next
-- write.
CREATE TABLE list_summaries (
  summary_key TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  valid_from TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  total INTEGER NOT NULL,
  min_price INTEGER,
  max_price INTEGER,
  nos TEXT,
  brands TEXT,
  categories TEXT
) WITHOUT ROWID;

CREATE INDEX list_summaries_valid_until ON list_summaries (valid_until);
