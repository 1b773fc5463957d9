import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '~/server/db/postgres';
import type { Sql } from '~/server/db/sql';

/** A database of the test file's own, made empty, on the tests' PostgreSQL: its URL. */
export async function ownPostgresUrl(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return inject('postgresUrl').replace(/\/postgres$/, `/${name}`);
}

/** A database of the test file's own, made empty, on the tests' PostgreSQL. */
export async function ownPostgres(name: string): Promise<Sql> {
  return openPostgres(await ownPostgresUrl(name), () => undefined);
}
