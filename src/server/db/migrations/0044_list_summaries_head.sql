-- A capped list keeps the first pages of its popular order (decision 080): with more matches than
-- the count's cap, every page of the popular order (the default of the category and search pages)
-- walked the order's index from the top again (the search index's popularity buckets for a
-- keyword), about 0.7 ms of a search page's 1.3 ms statement at 100,000 products. The summary now
-- holds the first LIST_HEAD product numbers of that order, in order, read in the same statement
-- (the same snapshot) as its figures; a page within them reads its rows by number. Read under the
-- same catalogue version and clock bound as the rest of the row (decision 055): sale and like
-- counters move the order within that bound, as they move the page cache's lists (decision 053).
-- NULL on a summary under the cap (its pages sort the kept matches) and on a display section's.
ALTER TABLE list_summaries ADD COLUMN head_nos TEXT;
