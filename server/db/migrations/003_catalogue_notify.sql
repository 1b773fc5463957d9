-- Tell every listening server process the new catalogue version as soon as a change commits.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE catalogue_version SET version = version + 1 RETURNING version INTO next;
  PERFORM pg_notify('catalogue_changed', next::text);
  RETURN NULL;
END;
$$;
