// The figures of docs/quality.md's "A catalogue of 100,000 products" that the bench's parts do not print, on 100,000
// generated products: a page in SQL against one from the catalogue's index, the Admin's name search through the
// database's trigram index (EXPLAIN ANALYZE), a search page the cache does not hold through the core and on the
// index, the index made whole and patched, and a 50,000-address sitemap file made and compressed.
// Run: npm run bench:scale (PGlite), or npm run bench:scale -- --postgres (PostgreSQL too, a throwaway cluster on port 4471).
import { availableParallelism, loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createMockIdentity } from '~/mocks/identity';
import { memoryImages } from '~/mocks/images';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { newProductOf } from '~/seed/shadeRows';
import { SORTS, DEFAULT_FILTER } from '~/src/domain/catalogue';
import { catalogueIndex, type IndexQuery } from '~/src/domain/catalogueIndex';
import { COLOUR_FAMILIES, hasFamily } from '~/src/domain/colourFamily';
import { totalPrice } from '~/src/domain/price';
import type { Product } from '~/src/domain/types';
import { createApi } from '~/server/core/api';
import { contractDocument } from '~/server/core/document';
import type { ProductRow } from '~/server/core/ports';
import { createTestPayments } from '~/server/core/testPayments';
import { productView } from '~/server/core/views';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import { openPostgres } from '~/server/db/postgres';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { prebuildText } from '~/server/http/prebuilt';
import { sitemapFiles } from '~/server/http/seo';
import { startPostgres } from '../server/postgres';
import { planOf, recording, type Sent } from '../server/queryPlans';

/** BENCH_PRODUCTS gives another count, for a quick try of the script. */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = 7;
const POSTGRES_PORT = 4471;
const catalogue = generateCatalogue(PRODUCTS);

/** Runs `work` RUNS times (after one run not counted, unless `warm` is false); prints and returns the median and range in ms. */
async function timed(label: string, work: () => unknown, { runs = RUNS, warm = true } = {}): Promise<number> {
  if (warm) await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return report(label, ms);
}

function report(label: string, ms: number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `  ${label.padEnd(64)} median ${median.toFixed(1).padStart(7)} ms (${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)}, ${sorted.length} runs)`,
  );
  return median;
}

/** How many of the catalogue's names hold the part (as the store's LIKE '%part%' on lower(name) finds them). */
const holding = (part: string) => catalogue.filter((product) => product.name.toLowerCase().includes(part)).length;

/** The search terms: the rarest whole name, a typical one, the word most names hold and its first 3 letters, the letter most names hold, and none. */
function searchTerms(): [string, string][] {
  const byName = new Map<string, number>();
  for (const { name } of catalogue) byName.set(name.toLowerCase(), (byName.get(name.toLowerCase()) ?? 0) + 1);
  const rarest = [...byName].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]![0];
  const words = [...new Set([...byName.keys()].flatMap((name) => name.split(' ')))].filter((word) => word.length >= 4);
  const common = words.map((word) => [word, holding(word)] as const).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  return [
    ['rarest whole name', rarest],
    ["a whole name (the first product's)", catalogue[0]!.name.toLowerCase()],
    ['the word most names hold', common],
    ['its first 3 letters', common.slice(0, 3)],
    ['the letter most names hold', [...'abcdefghijklmnopqrstuvwxyz'].sort((a, b) => holding(b) - holding(a))[0]!],
    ['a part no name holds', 'zzq'],
  ];
}

/** EXPLAIN ANALYZE's execution time of the query under the planner settings given, and its plan. */
async function explained(sql: Sql, { text, params }: Sent, settings: string) {
  const rows = await sql.transaction(async (tx) => {
    if (settings) await tx.exec(settings);
    return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  });
  const plan = rows[0]!['QUERY PLAN'];
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ 'Execution Time': number }];
  return { ms: json[0]['Execution Time'], plan: planOf(plan) };
}

/** The parts that read the database, on the one given: seeded here with the generated products. */
async function onDatabase(database: string, sql: Sql) {
  await migrate(sql);
  const store = createSqlStore(sql);
  const seeding = performance.now();
  for (let i = 0; i < catalogue.length; i += 5000) await store.insertProducts(catalogue.slice(i, i + 5000).map(newProductOf));
  await sql.exec('VACUUM ANALYZE products');
  console.log(
    `\n${database}: ${PRODUCTS.toLocaleString('en-US')} products seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );

  console.log("\n One catalogue page, in SQL on the storefront rows (stock > 0, enabled), against the catalogue's index:");
  const storefront = 'FROM products WHERE stock > 0 AND NOT disable';
  const sqlParts = [
    await timed('SQL: brand facet, GROUP BY brand', () => sql.query(`SELECT brand, count(*) ${storefront} GROUP BY brand`)),
    await timed('SQL: category facet, GROUP BY category', () => sql.query(`SELECT category, count(*) ${storefront} GROUP BY category`)),
    await timed('SQL: count of lipsticks', () => sql.query(`SELECT count(*) ${storefront} AND category = 'lipstick'`)),
    await timed('SQL: page 7 of lipsticks by final price, descending', () =>
      sql.query(`SELECT * ${storefront} AND category = 'lipstick' ORDER BY price * (100 - discount) DESC, id LIMIT 16 OFFSET 96`),
    ),
  ];
  console.log(
    `  ${'SQL: the four, one page with its facets and count'.padEnd(64)} ${sqlParts
      .reduce((sum, ms) => sum + ms, 0)
      .toFixed(1)
      .padStart(14)} ms`,
  );
  let entries: readonly ProductRow[] = [];
  await timed("the storefront catalogue read whole (the index's input)", async () => (entries = await store.storefrontCatalogue()), {
    runs: 1,
    warm: false,
  });
  await timed('read again, no product changed (the changes since read)', () => store.storefrontCatalogue());
  const index = catalogueIndex(entries.map(productView));
  const query: IndexQuery = { filter: { ...DEFAULT_FILTER, categories: 'lipstick' }, name: null, sort: 'priceDesc', page: 7 };
  await timed('index: the same page with facets and count, its products whole', () => index.page(query));

  console.log(
    "\n The Admin's name search (lower(name) LIKE '%part%'), the query the store sends for the table's first page, EXPLAIN ANALYZE (median of 3):",
  );
  const sent: Sent[] = [];
  const recorded = createSqlStore(recording(sql, sent));
  const terms = searchTerms();
  for (const [label, term] of terms) {
    sent.length = 0;
    await recorded.productPage({ name: term, order: 'asc', offset: 0, limit: 20 });
    const median = async (settings: string) => {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await explained(sql, sent[0]!, settings));
      runs.sort((a, b) => a.ms - b.ms);
      return runs[1]!;
    };
    const chosen = await median('');
    const indexed = await median('SET LOCAL enable_seqscan = off');
    const scanned = await median('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexscan = off');
    console.log(
      `  ${`${label} "${term}" (${holding(term)} names)`.padEnd(64)} index ${indexed.ms.toFixed(1)} ms, full scan ${scanned.ms.toFixed(1)} ms; the planner chose ${chosen.plan} (${chosen.ms.toFixed(1)} ms)`,
    );
  }

  // Each term searched first, then asked again at other page sizes: pages the cache does not hold, of a name the index keeps what it found for.
  console.log(
    '\n A search page the cache does not hold, through the core (GET /products?page=1&pageSize=48&name=, a visitor), the first for its term, then again at another page size:',
  );
  const api = createApi({
    contract: contractDocument,
    store,
    identity: createMockIdentity(),
    payments: createTestPayments(),
    images: memoryImages,
    log: console.error,
  });
  const route = api.routes.find((r) => r.operationId === 'listProducts')!;
  await api.handle(route, { path: {}, query: { page: '1' } });
  for (const [label, term] of terms) {
    let size = 48;
    const search = async () => {
      const reply = await api.handle(route, { path: {}, query: { page: '1', pageSize: String(size--), name: term } });
      if (reply.status !== 200) throw new Error(`search ${term}: ${reply.status}`);
    };
    await timed(`${label} "${term}", the first`, search, { runs: 1, warm: false });
    await timed(`${label} "${term}", again`, search);
  }
  for (const [label, term] of terms) {
    let size = 48;
    const search = () => index.page({ filter: DEFAULT_FILTER, name: term, sort: 'popular', page: 1, size: size-- });
    await timed(`on the index alone: ${label}, the first`, search, { runs: 1, warm: false });
    await timed(`on the index alone: ${label}, again`, search);
  }
  return { entries, enabledIds: await store.enabledProductIds() };
}

/** The parts that read no database: the index made whole and patched, the sitemap's first file (of the enabled products' ids). */
async function inMemory({ entries, enabledIds }: { entries: readonly ProductRow[]; enabledIds: number[] }) {
  console.log(`\nThe catalogue's index of the ${entries.length.toLocaleString('en-US')} storefront products, in memory:`);
  let items: Product[] = [];
  await timed("their views made (the index's input)", () => (items = entries.map(productView)), { runs: 5 });
  const query = (sort: (typeof SORTS)[number]): IndexQuery => ({ filter: DEFAULT_FILTER, name: null, sort, page: 1 });
  await timed('made whole (no sort made yet)', () => catalogueIndex(items), { runs: 5 });
  const index = catalogueIndex(items);
  for (const sort of SORTS)
    await timed(`its first page sorted ${sort} (the sort made)`, () => index.page(query(sort)), { runs: 1, warm: false });
  await timed('its first search page (the name search made)', () => index.page({ ...query('popular'), name: 'glow' }), {
    runs: 1,
    warm: false,
  });
  // A colour family (each product's shades in stock binned as colourFamily.ts does): pages the index filters by its families' bits.
  const red = { ...DEFAULT_FILTER, colour: 'red' } as const;
  for (const [label, colourQuery] of [
    ['a colour family, first page', { ...query('popular'), filter: red }],
    ['a colour family in a category, sorted by price', { ...query('priceAsc'), filter: { ...red, categories: 'lipstick' } }],
    ['a colour family in a price range, page 20', { ...query('popular'), filter: { ...red, priceMin: 10, priceMax: 30 }, page: 20 }],
    ['a skin depth and a name part', { ...query('A-Z'), filter: { ...DEFAULT_FILTER, colour: 'deep' }, name: 'glow' }],
    ['a price range, no colour (its colour facets counted)', { ...query('popular'), filter: { ...DEFAULT_FILTER, priceMax: 30 } }],
  ] as const)
    await timed(`its page: ${label}`, () => index.page(colourQuery));
  // What the filter answers at this size is what the rule says: each family's pages list exactly the products with a shade of it in stock, as its facet counts them.
  for (const colour of COLOUR_FAMILIES) {
    const expected = items.filter((item) => hasFamily(item, colour)).length;
    const first = index.page({ ...query('popular'), filter: { ...DEFAULT_FILTER, colour } });
    const listed = [
      first,
      ...Array.from({ length: first.pageCount - 1 }, (_, i) =>
        index.page({ ...query('popular'), filter: { ...DEFAULT_FILTER, colour }, page: i + 2 }),
      ),
    ].flatMap((page) => page.items);
    const counted = first.facets.colours.find((facet) => facet.value === colour)?.count;
    if (first.total !== expected || counted !== expected || listed.length !== expected || listed.some((item) => !hasFamily(item, colour)))
      throw new Error(`colour=${colour}: ${first.total} listed, ${counted} counted, ${expected} products have a shade of it in stock`);
  }
  console.log(
    `  every colour family's pages list exactly the products with a shade of it in stock, as its facet counts: ${COLOUR_FAMILIES.length} families checked`,
  );
  const product = items[500]!;
  const repriced = { ...product, price: product.price + 1, totalPrice: totalPrice(product.price + 1, product.discount) };
  // Each patch, then the first pages its index answers (what it makes again, made then), as the first shoppers after the change ask them.
  const firstPages = (patched: typeof index) => {
    for (const sort of SORTS)
      for (const filter of [
        DEFAULT_FILTER,
        { ...DEFAULT_FILTER, brands: product.brand },
        { ...DEFAULT_FILTER, brands: product.brand, categories: product.category },
      ])
        patched.page({ filter, name: null, sort, page: 1 });
  };
  firstPages(index);
  await timed('a sale patched in (nothing moves), then 21 first pages', () =>
    firstPages(index.patched([{ ...product, stock: product.stock + 1 }], [])),
  );
  await timed('a new price patched in (3 sorts put right in place), then 21 pages', () => firstPages(index.patched([repriced], [])));
  await timed('a rename patched in (it moves: 7 sorts merged), then 21 pages', () =>
    firstPages(index.patched([{ ...product, name: `${product.name} Renamed` }], [])),
  );
  const soldOut = index.patched([], [product.id]);
  firstPages(soldOut);
  await timed('a product sold out (kept in its place, taken out of every list), then 21 pages', () =>
    firstPages(index.patched([], [product.id])),
  );
  await timed('back in stock (put back in every list), then 21 pages', () => firstPages(soldOut.patched([product], [])));

  const { files } = sitemapFiles('https://shop.example', enabledIds);
  let file = '';
  const write = async () => {
    file = '';
    for await (const piece of files[0]!()) file += piece;
  };
  await write();
  const bytes = Buffer.from(file);
  const addresses = file.split('<url>').length - 1;
  console.log(
    `\nThe sitemap: ${enabledIds.length.toLocaleString('en-US')} enabled products' ids make ${files.length} files; the first, ${addresses.toLocaleString('en-US')} addresses, is ${(bytes.length / 1e6).toFixed(1)} MB:`,
  );
  await timed('written (in pieces, a turn of the event loop between two)', write);
  await timed('made as the server makes it (written, then compressed in the thread pool)', () =>
    prebuildText(files[0]!(), 'application/xml; charset=utf-8'),
  );
  await timed('gzip level 1 (prebuild past 1 MB)', () => gzipSync(bytes, { level: 1 }));
  await timed('brotli quality 1 (prebuild past 1 MB)', () =>
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
  await timed('gzip level 6', () => gzipSync(bytes, { level: 6 }));
  await timed('gzip level 9 (prebuild up to 1 MB)', () => gzipSync(bytes, { level: 9 }));
  await timed('brotli quality 5 (prebuild up to 1 MB)', () =>
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  );
}

console.log(
  `${new Date().toISOString()}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
const pglite = await openPglite();
try {
  await inMemory(await onDatabase('PGlite', pglite));
} finally {
  await pglite.close();
}
if (process.argv.includes('--postgres')) {
  const cluster = startPostgres(POSTGRES_PORT);
  const postgres = openPostgres(cluster.url, (error) => console.error(error));
  try {
    await onDatabase('PostgreSQL (a throwaway cluster, fsync off)', postgres);
  } finally {
    await postgres.close();
    cluster.stop();
  }
}
console.log(
  `\nDone ${new Date().toISOString()}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
