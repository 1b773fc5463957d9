import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateCatalogue } from '../../seed/catalogue/generate';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Sql } from '../../server/db/sql';
import { createSqlStore } from '../../server/db/store';

/** A database of this file's own on the tests' PostgreSQL. */
async function ownPostgres(): Promise<Sql> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS name_search');
  await admin.query('CREATE DATABASE name_search');
  await admin.end();
  return openPostgres(inject('postgresUrl').replace(/\/postgres$/, '/name_search'), () => undefined);
}

const PRODUCTS = 6000;

/** The plan's node types and index names, from EXPLAIN's JSON. */
function planOf(explained: unknown): string {
  const json = typeof explained === 'string' ? explained : JSON.stringify(explained);
  return [...json.matchAll(/"(Node Type|Index Name)": ?"([^"]+)"/g)].map((match) => match[2]).join(' > ');
}

describe.each([
  ['PGlite', openPglite],
  ['PostgreSQL', ownPostgres],
] as const)('name search on %s', (_name, open) => {
  let sql: Sql;
  const catalogue = generateCatalogue(PRODUCTS);
  /** The plan of the store's name search (listProducts({ name })) under the planner settings given. */
  const explain = async (part: string, settings: string) => {
    const rows = await sql.transaction(async (tx) => {
      await tx.exec(settings);
      return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT * FROM products WHERE lower(name) LIKE '%${part}%' ORDER BY id`);
    });
    return planOf(rows[0]!['QUERY PLAN']);
  };

  beforeAll(async () => {
    sql = await open();
    await migrate(sql);
    const store = createSqlStore(sql);
    for (let i = 0; i < catalogue.length; i += 1000) {
      await store.insertProducts(catalogue.slice(i, i + 1000).map(({ id: _id, rank: _rank, reviews: _reviews, ...product }) => product));
    }
    await sql.exec('ANALYZE products');
  }, 120_000);
  afterAll(() => sql.close());

  it('can read the trigram index on lower(name) for any part of a name', async () => {
    // On a few thousand rows a sequential scan costs less; without it (and without walking the primary key for the order),
    // only the trigram index answers LIKE '%part%', wherever the part is in the name.
    const name = catalogue[0]!.name.toLowerCase();
    for (const part of [name, name.slice(2, -2), 'zzq']) {
      expect(await explain(part, 'SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off')).toMatch(/Bitmap Index Scan > products_name_trigrams/);
    }
  });

  it('finds by part of the name ignoring case, with LIKE characters taken as text', async () => {
    const store = createSqlStore(sql);
    const term = catalogue[0]!.name.split(' ')[1]!.slice(0, 4);
    const found = await store.listProducts({ name: term.toUpperCase() });
    expect(found.map((p) => p.name)).toEqual(catalogue.filter((p) => p.name.toLowerCase().includes(term.toLowerCase())).map((p) => p.name));
    expect(await store.listProducts({ name: '%' })).toEqual([]);
    expect(await store.listProducts({ name: '_' })).toEqual([]);
  });
});
