import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import type { Sql } from '~/server/db/sql';

/** The names of the shop's tables. */
const TABLES =
  "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name";

/**
 * Every row of every table in the shop's schema, each table's rows in a
 * fixed order, so two snapshots are equal exactly when no row was added,
 * removed or changed. Tables are read from the catalogue, not listed, so a
 * table a later migration adds is compared too.
 */
export async function snapshotDb(sql: Sql): Promise<Record<string, unknown[]>> {
  const tables = await sql.query<{ name: string }>(TABLES);
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
 * Each table's md5 of its rows as text, sorted, in one query: it changes
 * exactly when a row is added, removed or changed (bar an md5 collision),
 * as snapshotDb does, in a seventh of its time on the seeded shop (28 ms
 * against 212 on PGlite), since no row is sent to JavaScript.
 */
export async function digestDb(sql: Sql): Promise<Record<string, string>> {
  const tables = await sql.query<{ name: string }>(TABLES);
  const digests = await sql.query<{ name: string; digest: string }>(
    tables
      .map(
        ({ name }) =>
          `SELECT '${name}' AS name, (SELECT md5(coalesce(string_agg(r, chr(10) ORDER BY r), '')) FROM (SELECT t::text AS r FROM "${name}" t) s) AS digest`,
      )
      .join(' UNION ALL '),
  );
  return Object.fromEntries(digests.map(({ name, digest }) => [name, digest]));
}

/** The database at one moment: its digest, to compare often and cheaply, and its rows, to show what changed. */
export interface DbState {
  digest: Record<string, string>;
  rows: Record<string, unknown[]>;
}

export const dbState = async (sql: Sql): Promise<DbState> => ({ digest: await digestDb(sql), rows: await snapshotDb(sql) });

/** Whether the database is as it was in `before`, by its digest. */
export const unchangedSince = async (sql: Sql, before: DbState) => isDeepStrictEqual(await digestDb(sql), before.digest);

/** Fails, showing the rows that changed, unless the database is as it was in `before`. */
export async function expectUnchangedSince(sql: Sql, before: DbState, message: string): Promise<void> {
  if (await unchangedSince(sql, before)) return;
  expect(await snapshotDb(sql), message).toEqual(before.rows);
  // Rows equal yet digests not: the text of a row differs where its JSON does not.
  expect(await digestDb(sql), message).toEqual(before.digest);
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
