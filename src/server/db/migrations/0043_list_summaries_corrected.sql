-- A search that finds nothing keeps its "did you mean" (decision 076): the kept summary of the
-- keyword as typed (0 found) holds that keyword and its correction, which found something with the
-- same filters (decision 069), as a JSON array of the two (keywords that differ only in their
-- spaces share a filter, not a correction), so the next request for it searches once, with the
-- correction, instead of searching as typed, correcting (2-11 ms of samples and jamo distances) and
-- searching again. Read
-- under the same catalogue version and clock bound as the rest of the row (decision 055).
-- NULL on every other summary.
ALTER TABLE list_summaries ADD COLUMN corrected TEXT;
