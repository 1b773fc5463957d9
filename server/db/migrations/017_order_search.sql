-- The Admin's orders search (part of the buyer's email or of the order's id, ignoring case) by trigrams, and its newest-first pages by an index.
CREATE INDEX orders_email_trigrams ON orders USING gin (lower(user_email) gin_trgm_ops);
CREATE INDEX orders_id_trigrams ON orders USING gin ((id::text) gin_trgm_ops);
CREATE INDEX orders_newest ON orders (created_at DESC, id DESC) WHERE status <> 'cancelled';
