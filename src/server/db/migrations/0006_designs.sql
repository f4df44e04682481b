-- Custom designs (the design editor), custom orders made from them when an order is paid, the
-- print-on-demand service's token, and the built-in print-service simulator's own orders.
-- Times are UTC ISO-8601 strings written by the application, except `create_time`, the spec's
-- `date@time` form in Korean time (`2026-05-01@13:45:12.345`), which the spec's routes address a
-- member's design by.

-- A saved design. Owned by a member, or by a guest identity (SHA-256 of 'guest:' + the guestToken
-- header, as orders keep it); at login a guest's designs move to the member and keep the guest
-- digest, so a guest order placed before the login still matches its designs. `design_id` is 128
-- random bits (base64url): the cart line and the order carry it, so it must not be guessable.
-- `status` mirrors the latest custom order of the design (NULL until ordered).
CREATE TABLE designs (
  design_id        TEXT PRIMARY KEY,
  member_no        INTEGER REFERENCES members (member_no) ON DELETE SET NULL,
  guest_token_hash TEXT,
  product_no       INTEGER NOT NULL,
  template_id      TEXT NOT NULL,
  shape            TEXT NOT NULL CHECK (shape IN ('circle', 'square')),
  front_back_same  INTEGER NOT NULL CHECK (front_back_same IN (0, 1)),
  name             TEXT NOT NULL,
  -- the validated design document (src/lib/design/schema.ts), compact JSON
  document         TEXT NOT NULL,
  document_version INTEGER NOT NULL,
  -- bumped by every change of the document; previews are stored under it
  revision         INTEGER NOT NULL DEFAULT 1,
  preview_front_url TEXT,
  preview_back_url TEXT,
  status           TEXT CHECK (status IS NULL OR status IN ('request', 'design_complete', 'progress', 'completion')),
  -- 'brand' is the shop itself (shown as BRAND_SLUG)
  sales_channel    TEXT NOT NULL DEFAULT 'brand' CHECK (sales_channel IN ('brand', 'smartstore', 'administrator', 'none')),
  -- cushioning material: the value of the product's material option
  material         TEXT,
  create_time      TEXT NOT NULL,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  deleted_at       TEXT
);
CREATE UNIQUE INDEX designs_member_time ON designs (member_no, create_time) WHERE member_no IS NOT NULL;
CREATE UNIQUE INDEX designs_guest_time ON designs (guest_token_hash, create_time)
  WHERE member_no IS NULL AND guest_token_hash IS NOT NULL;
CREATE INDEX designs_member ON designs (member_no, deleted_at, created_at);
CREATE INDEX designs_guest ON designs (guest_token_hash, deleted_at) WHERE guest_token_hash IS NOT NULL;
CREATE INDEX designs_admin ON designs (deleted_at, created_at);

-- Upload folders a member may use images from besides their own: the folders of guest identities
-- whose designs they adopted at login (their images stay where the guest uploaded them).
CREATE TABLE design_upload_folders (
  member_no INTEGER NOT NULL REFERENCES members (member_no) ON DELETE CASCADE,
  folder    TEXT NOT NULL,
  added_at  TEXT NOT NULL,
  PRIMARY KEY (member_no, folder)
) WITHOUT ROWID;

-- One custom order per paid order line that carries a design. The document is copied when the
-- order is paid: what is printed is what was bought, even if the design is edited afterwards.
-- Status transitions (src/server/design/custom-orders.ts, guarded UPDATE … WHERE status = ?):
--   request → design_complete → progress → completion (final)
--   design_complete → request (the design needs another look), progress → design_complete (reprint)
-- The print service's answers move progress/completion forward too.
CREATE TABLE custom_orders (
  custom_order_no  INTEGER PRIMARY KEY,
  order_no         TEXT NOT NULL REFERENCES orders (order_no) ON DELETE CASCADE,
  order_option_no  INTEGER NOT NULL REFERENCES order_options (order_option_no) ON DELETE CASCADE,
  design_id        TEXT NOT NULL REFERENCES designs (design_id),
  product_no       INTEGER NOT NULL,
  quantity         INTEGER NOT NULL CHECK (quantity >= 1),
  unit_price       INTEGER NOT NULL CHECK (unit_price >= 0),
  status           TEXT NOT NULL DEFAULT 'request' CHECK (status IN ('request', 'design_complete', 'progress', 'completion')),
  document         TEXT NOT NULL,
  -- JSON { "front": url, "back": url, "document": url } once rendered
  print_files      TEXT,
  -- the print service: our order code there, its status, and why the last send failed
  pod_order_code   TEXT,
  pod_status       TEXT,
  pod_sent_at      TEXT,
  pod_attempts     INTEGER NOT NULL DEFAULT 0,
  pod_error        TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  UNIQUE (order_option_no, design_id)
);
CREATE INDEX custom_orders_status ON custom_orders (status, created_at);
CREATE INDEX custom_orders_order ON custom_orders (order_no);
CREATE INDEX custom_orders_design ON custom_orders (design_id);
CREATE INDEX custom_orders_pod_pending ON custom_orders (pod_sent_at) WHERE pod_sent_at IS NULL;

-- Every status change, for the back office's history.
CREATE TABLE custom_order_events (
  event_no        INTEGER PRIMARY KEY,
  custom_order_no INTEGER NOT NULL REFERENCES custom_orders (custom_order_no) ON DELETE CASCADE,
  from_status     TEXT,
  to_status       TEXT NOT NULL,
  -- the administrator, or NULL for the system (payment, print service)
  actor_member_no INTEGER,
  note            TEXT NOT NULL DEFAULT '',
  created_at      TEXT NOT NULL
);
CREATE INDEX custom_order_events_order ON custom_order_events (custom_order_no, event_no);

-- The print service's access token (one row per adapter). Treated as expired 60 s early.
CREATE TABLE pod_tokens (
  adapter      TEXT PRIMARY KEY,
  access_token TEXT NOT NULL,
  issued_at    TEXT NOT NULL,
  expires_in   INTEGER NOT NULL CHECK (expires_in > 0)
) WITHOUT ROWID;

-- The built-in `simulator` print service's orders (its own table: it plays an outside service).
-- Status advances with time: RECEIVED → IN_PRODUCTION → SHIPPED → DELIVERED.
CREATE TABLE pod_simulator_orders (
  order_code   TEXT PRIMARY KEY,
  payload      TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  cancelled_at TEXT
) WITHOUT ROWID;
