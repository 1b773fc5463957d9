import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Sql } from './sql';

/** PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pglite; migrated either way. */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; log: (error: Error) => void }): Promise<Sql> {
  let sql: Sql;
  if (options.databaseUrl) {
    sql = openPostgres(options.databaseUrl, options.log);
  } else if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    sql = await openPglite(join(options.dataDir, 'pglite'));
  } else {
    sql = await openPglite();
  }
  await migrate(sql);
  return sql;
}

async function readCatalogueVersion(sql: Sql): Promise<bigint> {
  const rows = await sql.query<{ version: string | number }>('SELECT version FROM catalogue_version');
  return BigInt(rows[0]?.version ?? 0);
}

/**
 * The catalogue version, kept in memory and moved by the database's
 * notifications, so a catalogue read costs no query. Every process listens,
 * so all of them see a change as soon as it commits; the process that made
 * a change reads the version again before answering, so it never serves its
 * own stale copy.
 */
export async function watchCatalogueVersion(sql: Sql): Promise<{ current(): string; refresh(): Promise<void>; stop(): Promise<void> }> {
  let version = 0n;
  const advance = (next: bigint) => {
    if (next > version) version = next;
  };
  const refresh = async () => advance(await readCatalogueVersion(sql));
  // After a lost connection, read again what a missed notification said; a failed read waits for the next notification or resume.
  const stop = await sql.listen(
    'catalogue_changed',
    (payload) => advance(BigInt(payload)),
    () => void refresh().catch(() => undefined),
  );
  await refresh();
  return { current: () => String(version), refresh, stop };
}
