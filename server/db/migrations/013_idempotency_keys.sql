-- An Admin's create sent with an Idempotency-Key: the key, per user, with a
-- digest of what was asked and the reply it gave, written in the create's
-- own transaction. A repeat (its answer lost) answers that reply again; the
-- rows are forgotten after a day (the core deletes them as it claims keys).
CREATE TABLE idempotency_keys (
  user_id text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL,
  status integer,
  body jsonb,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
