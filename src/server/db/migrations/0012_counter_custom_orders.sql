-- podo:foreign-keys-off
-- Custom orders taken at the counter (issue 14): a counter sale line may carry a design, and its
-- custom order enters the same production workflow as a web one (/custom/admin/*, the print
-- service). A custom order now comes from EITHER a web order line (order_no, order_option_no) OR a
-- counter sale line (sale_no, sale_line_no), never both.
--
-- custom_orders is rebuilt (SQLite cannot drop NOT NULL or change REFERENCES in place) by SQLite's
-- twelve steps, with foreign keys off (the runner does that for a file whose first line is
-- `-- podo:foreign-keys-off`, see src/server/db/migrate.ts, and checks every foreign key before it
-- commits): create the new table, copy the rows, drop the old table, rename the new one to the old
-- name, re-create the indexes. custom_order_events refers to custom_orders by name, so it keeps its
-- rows and points at the new table. Rule of this file: a statement ends at a line ending with `;`.

CREATE TABLE custom_orders_rebuilt (
  custom_order_no  INTEGER PRIMARY KEY,
  -- a web order line …
  order_no         TEXT REFERENCES orders (order_no) ON DELETE CASCADE,
  order_option_no  INTEGER REFERENCES order_options (order_option_no) ON DELETE CASCADE,
  -- … or a counter sale line
  sale_no          TEXT REFERENCES pos_sales (sale_no) ON DELETE CASCADE,
  sale_line_no     INTEGER REFERENCES pos_sale_lines (line_no) ON DELETE CASCADE,
  design_id        TEXT NOT NULL REFERENCES designs (design_id),
  product_no       INTEGER NOT NULL,
  quantity         INTEGER NOT NULL CHECK (quantity >= 1),
  unit_price       INTEGER NOT NULL CHECK (unit_price >= 0),
  status           TEXT NOT NULL DEFAULT 'request' CHECK (status IN ('request', 'design_complete', 'progress', 'completion')),
  document         TEXT NOT NULL,
  print_files      TEXT,
  pod_order_code   TEXT,
  pod_status       TEXT,
  pod_sent_at      TEXT,
  pod_attempts     INTEGER NOT NULL DEFAULT 0,
  pod_error        TEXT,
  -- counter orders: who picks the order up at the store (the print service ships to the store)
  customer_name    TEXT,
  customer_phone   TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  UNIQUE (order_option_no, design_id),
  UNIQUE (sale_line_no, design_id),
  CONSTRAINT custom_orders_one_source CHECK (
    (order_no IS NOT NULL AND order_option_no IS NOT NULL AND sale_no IS NULL AND sale_line_no IS NULL)
    OR (order_no IS NULL AND order_option_no IS NULL AND sale_no IS NOT NULL AND sale_line_no IS NOT NULL)
  ),
  CONSTRAINT custom_orders_counter_contact CHECK (
    sale_no IS NULL OR (customer_name IS NOT NULL AND customer_phone IS NOT NULL)
  )
);

INSERT INTO custom_orders_rebuilt (custom_order_no, order_no, order_option_no, design_id, product_no, quantity,
  unit_price, status, document, print_files, pod_order_code, pod_status, pod_sent_at, pod_attempts, pod_error,
  created_at, updated_at)
SELECT custom_order_no, order_no, order_option_no, design_id, product_no, quantity, unit_price, status, document,
  print_files, pod_order_code, pod_status, pod_sent_at, pod_attempts, pod_error, created_at, updated_at
FROM custom_orders;

DROP TABLE custom_orders;

ALTER TABLE custom_orders_rebuilt RENAME TO custom_orders;

CREATE INDEX custom_orders_status ON custom_orders (status, created_at);

CREATE INDEX custom_orders_order ON custom_orders (order_no);

CREATE INDEX custom_orders_sale ON custom_orders (sale_no) WHERE sale_no IS NOT NULL;

CREATE INDEX custom_orders_design ON custom_orders (design_id);

CREATE INDEX custom_orders_pod_pending ON custom_orders (pod_sent_at) WHERE pod_sent_at IS NULL;

-- The design a counter sale line was sold with (its custom order holds the copy that is printed).
ALTER TABLE pos_sale_lines ADD COLUMN design_id TEXT REFERENCES designs (design_id);

-- A design made at a store's counter from the customer's image: no member or guest owns it; the
-- store's counter may sell it.
ALTER TABLE designs ADD COLUMN store_no INTEGER REFERENCES stores (store_no);
