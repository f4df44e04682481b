-- Registered API clients (issue 17; decision 032): the storefronts on other origins (a Shopby skin,
-- a headless app) that may call /shop-api from the browser with their clientId. Managed on
-- /manager/api-clients; the ones in the API_CLIENTS configuration are read from there, not here.
--
-- origins is a JSON array of bare origins (scheme://host[:port]); a stopped client (active = 0)
-- keeps its row and gets no CORS answers. Every edit names the version it read (a stale one is a
-- 409). clientIds are unique whatever the case: the header is compared exactly, and two ids that
-- differ only in case would be one storefront twice.
CREATE TABLE api_clients (
  client_id   TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(client_id) BETWEEN 1 AND 64),
  name        TEXT NOT NULL DEFAULT '',
  origins     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(origins) AND json_type(origins) = 'array'),
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  version     INTEGER NOT NULL DEFAULT 1,
  created_at  TEXT NOT NULL,
  updated_at  TEXT
);
