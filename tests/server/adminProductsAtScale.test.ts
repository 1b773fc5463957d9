import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockIdentity, mockToken } from '~/mocks/identity';
import { memoryImages } from '~/mocks/images';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { newProductOf } from '~/seed/shadeRows';
import { DEMO_ADMIN, seedPeople } from '~/seed/seed';
import { createApi } from '~/server/core/api';
import { contractDocument } from '~/server/core/document';
import { createTestPayments } from '~/server/core/testPayments';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore, TABLE_PAGES_AT_ONCE } from '~/server/db/store';
import { ownPostgres } from './ownPostgres';
import { planOf, recording, type Sent } from './queryPlans';

/** Enough products for the planner to choose the trigram index on its own for a name few of them hold (below some 25,000 it scans the table). */
const PRODUCTS = 30_000;

/** The Admin's product search and product table on one database of PRODUCTS products, seeded once for both. */
describe.each([
  ['PGlite', openPglite],
  ['PostgreSQL', () => ownPostgres('admin_products_at_scale')],
] as const)("the Admin's products on %s", (_name, open) => {
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

  beforeAll(async () => {
    sql = await open();
    await migrate(sql);
    const store = createSqlStore(sql);
    for (let i = 0; i < catalogue.length; i += 5000) {
      await store.insertProducts(catalogue.slice(i, i + 5000).map(newProductOf));
    }
    await seedPeople(store);
    // As autovacuum leaves a table written long ago: the index's pending entries merged (they sway the planner's estimate), the statistics read.
    await sql.exec('VACUUM ANALYZE products');
  }, 120_000);
  afterAll(() => sql.close());

  describe('name search', () => {
    /** The Admin's product search as the table asks it (GET /products/admin?name=): its page and the name queries the store sent. */
    const search = async (name: string) => {
      const sent: Sent[] = [];
      const found = await createSqlStore(recording(sql, sent)).productPage({ name, order: 'asc', offset: 0, limit: 20 });
      return { found, named: sent.filter((query) => query.text.includes('LIKE')) };
    };

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
      expect(found.map((p) => p.name)).toEqual(
        catalogue.filter((p) => p.name.toLowerCase().includes(term.toLowerCase())).map((p) => p.name),
      );
      expect(await store.listProducts({ name: '%' })).toEqual([]);
      expect(await store.listProducts({ name: '_' })).toEqual([]);
    });
  });

  describe('product table', () => {
    /** GET /products/admin as the Admin asks it, through the core on the SQL store: its answer and the queries the store sent. */
    const tablePage = async (query: Record<string, string>) => {
      const sent: Sent[] = [];
      const api = createApi({
        contract: contractDocument,
        store: createSqlStore(recording(sql, sent)),
        identity: createMockIdentity(),
        payments: createTestPayments(),
        images: memoryImages,
        log: () => undefined,
      });
      const route = api.routes.find((r) => r.operationId === 'listAdminProductPage')!;
      const reply = await api.handle(route, {
        path: {},
        query,
        authorization: `Bearer ${mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email })}`,
      });
      return {
        reply: reply as { status: number; body: { total: number; items: { name: string }[] } },
        paged: sent.filter((q) => q.text.includes('LIMIT')),
      };
    };

    it('searches by name through the trigram index (migration 007), for the page and its count', async () => {
      const name = catalogue[0]!.name;
      const { reply, paged } = await tablePage({ name: name.toUpperCase(), sort: 'price', order: 'desc' });
      expect(reply.status).toBe(200);
      expect(reply.body.total).toBe(catalogue.filter((p) => p.name.toLowerCase().includes(name.toLowerCase())).length);
      expect(reply.body.items.every((item) => item.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
      expect(paged).toHaveLength(1);
      // Both scans of the products (the count's and the page's) read the index.
      expect((await explain(paged[0]!)).match(/Bitmap Index Scan > products_name_trigrams/g)).toHaveLength(2);
    });

    it('reads the pages of forty Admins asking at once a few at a time, and answers every one', async () => {
      let reading = 0;
      let most = 0;
      const counting: Sql = {
        ...sql,
        async query(text, params) {
          if (!text.includes('LIMIT')) return sql.query(text, params);
          most = Math.max(most, ++reading);
          try {
            return await sql.query(text, params);
          } finally {
            reading--;
          }
        },
      };
      const api = createApi({
        contract: contractDocument,
        store: createSqlStore(counting),
        identity: createMockIdentity(),
        payments: createTestPayments(),
        images: memoryImages,
        log: () => undefined,
      });
      const route = api.routes.find((r) => r.operationId === 'listAdminProductPage')!;
      const authorization = `Bearer ${mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email })}`;
      // The attack's reads: the final price descending, a name most products hold, pages deep and past the last.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api.handle(route, {
            path: {},
            query: { sort: 'totalPrice', order: 'desc', name: 'e', pageSize: '25', page: String(300 + i * 30) },
            authorization,
          }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 40 }, () => 200));
      expect(most).toBe(TABLE_PAGES_AT_ONCE);
    }, 60_000);

    it('answers the last page of every product, and a page past it as the last', async () => {
      const last = Math.ceil(PRODUCTS / 25);
      const { reply } = await tablePage({ pageSize: '25', page: String(last + 3), sort: 'totalPrice' });
      expect(reply.body).toMatchObject({ page: last, pageCount: last, total: PRODUCTS });
      expect(reply.body.items).toHaveLength(PRODUCTS - (last - 1) * 25);
    });
  });
});
