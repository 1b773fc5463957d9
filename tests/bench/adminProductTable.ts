// The Admin's product table at 100,000 products on PGlite, through the core as the Admin asks it
// (GET /products/admin), beside the whole list (GET /products, what the table reads below the paging threshold): docs/quality.md.
// Run: npm run bench:admin-table
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
import { createSqlStore } from '~/server/db/store';

const PRODUCTS = 100_000;
const sql = await openPglite();
await migrate(sql);
const store = createSqlStore(sql);
const catalogue = generateCatalogue(PRODUCTS);
const seeding = performance.now();
for (let i = 0; i < catalogue.length; i += 5000) await store.insertProducts(catalogue.slice(i, i + 5000).map(newProductOf));
await seedPeople(store);
await sql.exec('VACUUM ANALYZE products');
console.log(`seeded ${PRODUCTS} in ${Math.round(performance.now() - seeding)} ms`);
const api = createApi({
  contract: contractDocument,
  store,
  identity: createMockIdentity(),
  payments: createTestPayments(),
  images: memoryImages,
  log: console.error,
});
const authorization = `Bearer ${mockToken({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email })}`;
const route = (id: string) => api.routes.find((r) => r.operationId === id)!;
async function time(label: string, id: string, query: Record<string, string>, runs = 7) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const reply = (await api.handle(route(id), { path: {}, query, authorization })) as {
      status: number;
      body: unknown[] | { total: number };
    };
    ms.push(performance.now() - start);
    if (reply.status !== 200) throw new Error(`${label}: ${reply.status} ${JSON.stringify(reply.body)}`);
    total = Array.isArray(reply.body) ? reply.body.length : reply.body.total;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(48)} first ${ms[0]!.toFixed(1)} ms, median ${sorted[Math.floor(runs / 2)]!.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)} (matches ${total})`,
  );
}
const rare = catalogue[0]!.name;
const word = catalogue[0]!.name.split(' ')[1]!.slice(0, 4);
await time('first page (5, by id)', 'listAdminProductPage', {});
await time('page 2, sorted by name', 'listAdminProductPage', { page: '2', sort: 'name' });
await time('page 1 of 25, final price desc', 'listAdminProductPage', { pageSize: '25', sort: 'totalPrice', order: 'desc' });
await time('page 1, status desc (disabled first)', 'listAdminProductPage', { sort: 'status', order: 'desc' });
await time('last page (20,000 of 5), by name', 'listAdminProductPage', { page: '20000', sort: 'name' });
await time(`search rare name "${rare}"`, 'listAdminProductPage', { name: rare });
await time(`search common part "${word}", by price`, 'listAdminProductPage', { name: word, sort: 'price' });
await time('search with no match "zzq"', 'listAdminProductPage', { name: 'zzq' });
await time('before: the whole list, GET /products as Admin', 'listProducts', {}, 3);
await sql.close();
