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
-- is a change of the catalogue other than stock (see 014). The store writes
-- the shade's product first (stock = their sum), so the product is read
-- again and its write has moved the version already: to the next multiple of
-- 2^20 when it was another change (an insert, a delete), one up when only
-- the stock or nothing changed, which this moves on to the next multiple.
CREATE FUNCTION bump_catalogue_for_shades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE catalogue_version SET version = CASE WHEN version % 1048576 = 0 THEN version ELSE (version / 1048576 + 1) * 1048576 END
    RETURNING version INTO next;
  PERFORM pg_notify('catalogue_changed', next::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_shades_changed
  AFTER INSERT OR DELETE OR UPDATE OF position, name, hex, image ON product_shades
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_for_shades();
