-- The catalogue version tells a change of stock or ratings only (a checkout,
-- a cancelled order's restock, a rating) from any other: the first moves it
-- one up, any other (a product added, removed, renamed, repriced, disabled,
-- ...) to the next multiple of 2^20. So a server, from the version alone,
-- may let the pages it keeps show stock and ratings a moment late and still
-- show every other change at once (server/http/catalogueVersion.ts); 2^20
-- changes of stock or ratings in a row count as one other change.
DROP TRIGGER products_changed ON products;

CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
  other boolean := TG_OP <> 'UPDATE';
BEGIN
  IF NOT other THEN
    SELECT EXISTS (
      SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE o.id IS NULL
        OR to_jsonb(n) - '{stock,rank,reviews,changed_by}'::text[] IS DISTINCT FROM to_jsonb(o) - '{stock,rank,reviews,changed_by}'::text[]
    ) INTO other;
  END IF;
  UPDATE catalogue_version SET
    version = CASE WHEN other THEN (version / 1048576 + 1) * 1048576 ELSE version + 1 END,
    removed_in = CASE WHEN TG_OP IN ('DELETE', 'TRUNCATE') THEN (version / 1048576 + 1) * 1048576 ELSE removed_in END
    RETURNING version INTO next;
  PERFORM pg_notify('catalogue_changed', next::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_changed
  AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();

CREATE TRIGGER products_updated
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
