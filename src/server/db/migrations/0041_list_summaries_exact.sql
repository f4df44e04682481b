-- A kept summary also holds, under the cap, the numbers of its matches that hold the keywords as
-- written (decision 072): the products a keyword's popular page ranks first (`exact`, decision 031).
-- They were found again by a second FTS5 query (a phrase: position lists of every bigram of the
-- keyword) on every page; like the matches' numbers, they change only with the catalogue version.
-- NULL when the filter has no such text or the matches pass the cap.
ALTER TABLE list_summaries ADD COLUMN exact_nos TEXT;
