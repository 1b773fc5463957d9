-- A counter that moves whenever the products change, so every server process
-- can tell whether its serialised catalogue is still current.
CREATE TABLE catalogue_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
