-- Shades become variants with their own id, stock and picture. Each product's
-- stock is spread over its shades as src/domain/shades.ts spreadStock does (the
-- floor of its share each, the remainder one each to the first ones), so the
-- product keeps its stock as their sum. A shade's picture is its product's
-- until the Admin gives it one: a path made here would outlive a change of the
-- rendered pictures' paths.
CREATE TABLE product_shades (
  id         serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position   integer NOT NULL,
  name       text NOT NULL,
  hex        text NOT NULL CHECK (hex ~ '^#[0-9a-f]{6}$'),
  stock      integer NOT NULL CHECK (stock >= 0),
  image      text NOT NULL
);
CREATE UNIQUE INDEX product_shades_name ON product_shades (product_id, lower(name));
CREATE INDEX product_shades_position ON product_shades (product_id, position);

-- Names were not unique before: a name met again in its product gets its position after it.
INSERT INTO product_shades (product_id, position, name, hex, stock, image)
SELECT p.id, s.position - 1,
  CASE WHEN count(*) OVER (PARTITION BY p.id, lower(s.shade ->> 'name') ORDER BY s.position) > 1
    THEN (s.shade ->> 'name') || ' ' || s.position ELSE s.shade ->> 'name' END,
  s.shade ->> 'hex',
  p.stock / n.count + CASE WHEN s.position <= p.stock % n.count THEN 1 ELSE 0 END,
  p.image
FROM products p
  CROSS JOIN LATERAL jsonb_array_elements(p.shades) WITH ORDINALITY AS s(shade, position)
  CROSS JOIN LATERAL (SELECT jsonb_array_length(p.shades) AS count) n
ORDER BY p.id, s.position;

ALTER TABLE products DROP COLUMN shades;

-- A shade added, removed, renamed, recoloured, moved or given a new picture
-- is a change of the catalogue other than stock (see 014); a change of its
-- stock alone is not. The store writes the shade's product first (stock =
-- their sum), so the product is read again and its write has moved the
-- version already: to the next multiple of 2^20 for another change (an
-- insert, a delete), one up for stock or nothing, which a shade's other
-- change moves on to the next multiple.
CREATE FUNCTION bump_catalogue_for_shades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
  other boolean;
BEGIN
  -- A statement fires its trigger even when it writes no row: only rows written count.
  IF TG_OP = 'INSERT' THEN
    SELECT EXISTS (SELECT 1 FROM new_rows) INTO other;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT EXISTS (SELECT 1 FROM old_rows) INTO other;
  ELSE
    SELECT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE to_jsonb(n) - 'stock' IS DISTINCT FROM to_jsonb(o) - 'stock'
    ) INTO other;
  END IF;
  IF other THEN
    UPDATE catalogue_version SET version = CASE WHEN version % 1048576 = 0 THEN version ELSE (version / 1048576 + 1) * 1048576 END
      RETURNING version INTO next;
    PERFORM pg_notify('catalogue_changed', next::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_shades_inserted
  AFTER INSERT ON product_shades
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_for_shades();

CREATE TRIGGER product_shades_removed
  AFTER DELETE ON product_shades
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_for_shades();

CREATE TRIGGER product_shades_updated
  AFTER UPDATE ON product_shades
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_for_shades();
