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

export async function catalogueVersion(sql: Sql): Promise<string> {
  const rows = await sql.query<{ version: string | number }>('SELECT version FROM catalogue_version');
  return String(rows[0]?.version ?? 0);
}
