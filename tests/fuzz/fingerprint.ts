import type { Sql } from '../../server/db/sql';

/**
 * A digest of every row of every table in the shop's schema, by table, so two
 * fingerprints are equal exactly when no row was added, removed or changed.
 * Tables are read from the catalogue, so a table a later migration adds is
 * compared too; digests, not rows, keep one per request cheap.
 */
export async function fingerprintDb(sql: Sql): Promise<Record<string, string>> {
  const tables = await sql.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const digests = tables.map(({ name }) => `SELECT '${name}' AS name, md5(coalesce(string_agg(to_jsonb(t)::text, ',' ORDER BY to_jsonb(t)::text), '')) AS digest FROM "${name}" AS t`);
  const rows = await sql.query<{ name: string; digest: string }>(digests.join(' UNION ALL '));
  return Object.fromEntries(rows.map(({ name, digest }) => [name, digest]));
}
