-- Every status an order took, who set it and when; the email is kept as it was, so the history outlives the account.
CREATE TABLE order_history (
  id         serial PRIMARY KEY,
  order_id   integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status     text NOT NULL CHECK (status IN ('open', 'created', 'processing', 'approved', 'cancelled')),
  at         timestamptz NOT NULL,
  by_user_id text NOT NULL,
  by_email   text NOT NULL
);
CREATE INDEX order_history_order ON order_history (order_id, id);

-- Orders made before: their creation by the buyer, and their current status by someone no longer known.
INSERT INTO order_history (order_id, status, at, by_user_id, by_email)
  SELECT id, 'open', created_at, user_id, user_email FROM orders ORDER BY id;
INSERT INTO order_history (order_id, status, at, by_user_id, by_email)
  SELECT id, status, created_at, 'unknown', 'unknown' FROM orders WHERE status <> 'open' ORDER BY id;
