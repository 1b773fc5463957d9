import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { newProductOf } from '~/seed/shadeRows';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { ownPostgres } from './ownPostgres';
import { planOf, recording, type Sent } from './queryPlans';

/** Enough products for the planner to choose the trigram index on its own for a name few of them hold (below some 25,000 it scans the table). */
const PRODUCTS = 30_000;

describe.each([
  ['PGlite', openPglite],
  ['PostgreSQL', () => ownPostgres('name_search')],
] as const)('name search on %s', (_name, open) => {
  let sql: Sql;
  const catalogue = generateCatalogue(PRODUCTS);
  /** The plan of a query the store sent, under the planner settings given. */
  const explain = async ({ text, params }: Sent, settings = '') => {
    const rows = await sql.transaction(async (tx) => {
      if (settings) await tx.exec(settings);
      return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
    });
    return planOf(rows[0]!['QUERY PLAN']);
  };
  /** The Admin's product search as the table asks it (GET /products/admin?name=): its page and the name queries the store sent. */
  const search = async (name: string) => {
    const sent: Sent[] = [];
    const found = await createSqlStore(recording(sql, sent)).productPage({ name, order: 'asc', offset: 0, limit: 20 });
    return { found, named: sent.filter((query) => query.text.includes('LIKE')) };
  };

  beforeAll(async () => {
    sql = await open();
    await migrate(sql);
    const store = createSqlStore(sql);
    for (let i = 0; i < catalogue.length; i += 5000) {
      await store.insertProducts(catalogue.slice(i, i + 5000).map(newProductOf));
    }
    // As autovacuum leaves a table written long ago: the index's pending entries merged (they sway the planner's estimate), the statistics read.
    await sql.exec('VACUUM ANALYZE products');
  }, 120_000);
  afterAll(() => sql.close());

  it("answers the Admin's product search through the trigram index, the planner choosing it for a name few products hold", async () => {
    const name = catalogue[0]!.name;
    const { found, named } = await search(name.toUpperCase());
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.every((row) => row.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
    expect(named).toHaveLength(1);
    expect(await explain(named[0]!)).toMatch(/Bitmap Index Scan > products_name_trigrams/);
    expect(await explain((await search('zzq')).named[0]!)).toMatch(/Bitmap Index Scan > products_name_trigrams/);
  });

  it("can read the trigram index for the Admin's search of any part of a name, however many products hold it", async () => {
    // For a part many names hold, a sequential scan costs less; without it, the trigram index answers LIKE '%part%' wherever the part is.
    const name = catalogue[0]!.name.toLowerCase();
    for (const part of [name.slice(2, -2), name.split(' ')[1]!]) {
      const { named } = await search(part);
      expect(await explain(named[0]!, 'SET LOCAL enable_seqscan = off')).toMatch(/Bitmap Index Scan > products_name_trigrams/);
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
