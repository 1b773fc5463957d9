import { readdir, readFile } from 'node:fs/promises';
import type { Sql } from './sql';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** Applies the SQL files of migrations/ not applied yet, in name order, each in its own transaction. */
export async function migrate(sql: Sql, folder: URL = MIGRATIONS): Promise<string[]> {
  await sql.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  // Two processes starting together on one PostgreSQL: the lock lets one migrate at a time.
  const applied: string[] = [];
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
  for (const name of files) {
    const text = await readFile(new URL(name, folder), 'utf8');
    const done = await sql.transaction(async (tx) => {
      await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length > 0) return false;
      await tx.exec(text);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
