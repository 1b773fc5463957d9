import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Sql } from '~/server/db/sql';

/**
 * Every row of every table in the shop's schema, each table's rows in a
 * fixed order, so two snapshots are equal exactly when no row was added,
 * removed or changed. Tables are read from the catalogue, not listed, so a
 * table a later migration adds is compared too.
 */
export async function snapshotDb(sql: Sql): Promise<Record<string, unknown[]>> {
  const tables = await sql.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = await sql.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${name}" AS t`);
    snapshot[name] = rows
      .map((r) => r.row)
      .sort()
      .map((row) => JSON.parse(row) as unknown);
  }
  return snapshot;
}

/**
 * Every file under dir, by its path inside dir, with its size in bytes: two
 * listings are equal exactly when no file was added, removed or resized.
 */
export async function snapshotFiles(dir: string): Promise<Record<string, number>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, number> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = (await stat(path)).size;
  }
  return files;
}
