import type { Sql } from './sql';

/** The SQL files of migrations/, bundled with the server so it runs from anywhere. */
const MIGRATIONS = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true });
const MIGRATION_LOCK = 727274;

/**
 * Applies the SQL files of migrations/ not applied yet, in name order, in one
 * transaction; an advisory lock makes processes that start together take turns.
 * `before` stops short of the first file named from it on: a database as it was
 * before that migration, for the tests of what the migration does to old rows.
 */
export async function migrate(sql: Sql, { before }: { before?: string } = {}): Promise<string[]> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const [path, text] of Object.entries(MIGRATIONS).sort(([a], [b]) => a.localeCompare(b))) {
      const name = path.split('/').pop()!;
      if (done.has(name) || (before !== undefined && name >= before)) continue;
      await tx.exec(text);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
