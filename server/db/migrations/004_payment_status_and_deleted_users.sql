-- A payment keeps its state: created -> captured -> fulfilled | refunded, or failed.
ALTER TABLE payments ADD COLUMN status text NOT NULL DEFAULT 'created'
  CHECK (status IN ('created', 'captured', 'fulfilled', 'refunded', 'failed'));
UPDATE payments SET status = 'fulfilled' WHERE id IN (SELECT payment_id FROM orders WHERE status <> 'cancelled');
UPDATE payments SET status = 'refunded' WHERE id IN (SELECT payment_id FROM orders WHERE status = 'cancelled');

-- Deleted users leave their id and email, so the same identity cannot come back as a new user.
CREATE TABLE deleted_users (
  id         text PRIMARY KEY,
  email      text NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deleted_users_email ON deleted_users (lower(email));
