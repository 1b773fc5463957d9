-- Every write of products moves the one catalogue_version row (014's AFTER
-- triggers), so a transaction writing products held product rows before it
-- waited for that row: two checkouts of the same products, each holding one
-- the other wanted next, deadlocked. Each statement writing products now
-- takes the version row's lock first, before any product row, so such
-- transactions take their turns on it instead (the store's lockProduct too).
CREATE FUNCTION lock_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM catalogue_version FOR UPDATE;
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_writing
  BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION lock_catalogue_version();
