-- Name search (lower(name) LIKE '%part%') by trigrams, so a search of a large catalogue reads the index, not every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX products_name_trigrams ON products USING gin (lower(name) gin_trgm_ops);
