import { afterAll, beforeAll, beforeEach } from 'vitest';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';

const TABLES = 'products, users, carts, orders, comments, favorites, ratings, payments, deleted_users';

/** One migrated in-memory PGlite for the test file, emptied before each test (opening one costs seconds); answers a getter of it. */
export function pgliteForFile(): () => Sql {
  let sql: Sql;
  beforeAll(async () => {
    sql = await openPglite();
    await migrate(sql);
  }, 60_000);
  afterAll(() => sql.close());
  beforeEach(() => sql.query(`TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`));
  return () => sql;
}
