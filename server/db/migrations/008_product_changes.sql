-- The transaction that last wrote each product, so a server holding the
-- catalogue read at one snapshot reads only the products written since
-- (by a transaction not finished before that snapshot), not all of them.
ALTER TABLE products ADD COLUMN changed_by xid8 NOT NULL DEFAULT '0';
CREATE INDEX products_changed_by ON products (changed_by);

CREATE FUNCTION stamp_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_by := pg_current_xact_id();
  RETURN NEW;
END;
$$;

CREATE TRIGGER products_stamped
  BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION stamp_product_change();

-- A product removed (DELETE, TRUNCATE) leaves no row to read: the version it
-- went in is kept, and a server holding an older catalogue reads it all again.
ALTER TABLE catalogue_version ADD COLUMN removed_in bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE catalogue_version SET version = version + 1,
    removed_in = CASE WHEN TG_OP IN ('DELETE', 'TRUNCATE') THEN version + 1 ELSE removed_in END
    RETURNING version INTO next;
  PERFORM pg_notify('catalogue_changed', next::text);
  RETURN NULL;
END;
$$;
