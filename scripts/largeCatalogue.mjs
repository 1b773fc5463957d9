// A catalogue of 100,000 products: the shop as `npm start` runs it, seeded
// with SEED_PRODUCTS generated products, loaded by autocannon with a mix of
// catalogue pages (filters, sorts and page numbers varied, the popular ones
// asked for most) and name searches as the search box asks them (GET
// /api/products?name=&page=1&pageSize=48); req/s, p50 and p99 per kind.
// Beside it, /home's HTML at 150 products and at 100,000.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ACCEPT_ENCODING, call } from './throughput.mjs';
import { startShop } from './shopServer.mjs';

export const LARGE_CATALOGUE = 100_000;
const SMALL_CATALOGUE = 150;
const CONNECTIONS = 50;
/** Distinct catalogue queries and search terms in the mix; the first are asked for most (popularity falls as a power of the rank). */
const QUERIES = 600;
const TERMS = 300;
/** A search result page as the search box asks it (SEARCH_RESULTS). */
const SEARCH_PAGE_SIZE = 48;
const KINDS = [
  ['page', 'catalogue page: GET /api/products?page=…'],
  ['search', 'search: GET /api/products?name=…&page=1'],
];

/** A seeded generator (mulberry32): the same mix on every run. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the list, the first ones far more often: rank r is asked for about as often as r^-2/3 says. */
const popular = (random, list) => list[Math.floor(list.length * random() ** 3)];

/** Catalogue queries as shoppers send them: mostly the first page of the default or a common sort, some filters, now and then a deep page. */
function catalogueQueries(random, facets) {
  const sorts = ['popular', 'popular', 'popular', 'newest', 'priceAsc', 'offers', 'priceDesc', 'A-Z', 'Z-A'];
  const ranges = [[0, 10], [10, 25], [25, 50], [50, 100]];
  const queries = new Set();
  while (queries.size < QUERIES) {
    const params = new URLSearchParams();
    const sort = sorts[Math.floor(random() * sorts.length)];
    if (sort !== 'popular') params.set('sort', sort);
    if (random() < 0.4) params.set('brand', facets.brands[Math.floor(random() * facets.brands.length)].value);
    if (random() < 0.5) params.set('category', facets.categories[Math.floor(random() * facets.categories.length)].value);
    if (random() < 0.2) {
      const [min, max] = ranges[Math.floor(random() * ranges.length)];
      params.set('min', String(min));
      params.set('max', String(max));
    }
    if (random() < 0.1) params.set('offers', 'true');
    const draw = random();
    params.set('page', String(draw < 0.6 ? 1 : draw < 0.8 ? 2 : draw < 0.95 ? 3 + Math.floor(random() * 8) : 11 + Math.floor(random() * 490)));
    queries.add(`/api/products?${params}`);
  }
  return [...queries];
}

/** What the search box sends while a shopper types a word of a product's name: its first 3 letters and more. */
function searchTerms(random, names) {
  const words = [...new Set(names.flatMap((name) => name.toLowerCase().split(' ')))].filter((word) => word.length >= 3);
  const terms = new Set();
  while (terms.size < Math.min(TERMS, words.length * 3)) {
    const word = words[Math.floor(random() * words.length)];
    terms.add(word.slice(0, 3 + Math.floor(random() * (word.length - 2))));
  }
  return [...terms].map((term) => `/api/products?name=${encodeURIComponent(term)}&page=1&pageSize=${SEARCH_PAGE_SIZE}`);
}

async function json(origin, path) {
  const response = await call(origin + path, { encoding: 'identity' });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return JSON.parse(response.body.toString());
}

/** /home's HTML as a browser gets it (brotli) and unpacked. */
async function homeBytes(origin) {
  const [packed, raw] = [await call(`${origin}/home`, { encoding: 'br' }), await call(`${origin}/home`, { encoding: 'identity' })];
  if (packed.status !== 200 || raw.status !== 200) throw new Error(`GET /home answered ${packed.status} and ${raw.status}`);
  return { brotli: packed.body.length, raw: raw.body.length };
}

/** The shop with `products` generated products; how long its first start (seeding included) took. */
async function startSeeded(options, products) {
  const before = process.env.SEED_PRODUCTS;
  process.env.SEED_PRODUCTS = String(products);
  const started = performance.now();
  try {
    const shop = await startShop(options);
    return { shop, seconds: (performance.now() - started) / 1000 };
  } finally {
    if (before === undefined) delete process.env.SEED_PRODUCTS;
    else process.env.SEED_PRODUCTS = before;
  }
}

/** autocannon on the mix: three catalogue pages to one search, each request drawn from its list. */
function runMix(origin, lists, seconds, seed) {
  const random = seeded(seed);
  const byKind = new Map(KINDS.map(([kind]) => [kind, { count: 0, failed: 0, latencies: [] }]));
  const request = (kind) => ({ kind, method: 'GET', setupRequest: (req) => ({ ...req, path: popular(random, lists[kind]) }) });
  return new Promise((done, fail) => {
    const instance = autocannon(
      { url: origin, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING }, requests: [request('page'), request('page'), request('page'), request('search')] },
      (error, result) => (error ? fail(error) : done({ result, byKind })),
    );
    instance.on('response', (client, status, _bytes, responseTime) => {
      const kind = byKind.get(client.requestIterator.currentRequest.kind);
      kind.count++;
      if (status !== 200) kind.failed++;
      kind.latencies.push(responseTime);
    });
  });
}

function figuresOf({ count, failed, latencies }, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { 'req/s': count / seconds, p50: at(0.5), p99: at(0.99), failed };
}

/** Each never-asked query once, one after the other: what a request the cache does not hold costs. */
async function coldLatencies(origin, paths) {
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    await json(origin, path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

/** An Admin's token from the emulator. */
async function adminToken(emulatorPort) {
  const signIn = await call(`http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    body: { email: 'admin@makeup.test', password: 'admin123', returnSecureToken: true },
    encoding: 'identity',
  });
  return JSON.parse(signIn.body.toString()).idToken;
}

/**
 * How long GET `path` takes, and the longest a request that reads nothing
 * (/robots.txt, asked again and again meanwhile) waited: how long the
 * server kept every other request waiting.
 */
async function timedWithProbe(origin, path) {
  let done = false;
  let blocked = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await call(`${origin}/robots.txt`, { encoding: 'identity' });
      blocked = Math.max(blocked, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const response = await call(origin + path, { encoding: 'identity' });
  const ms = performance.now() - started;
  done = true;
  await probe;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return { ms, blocked };
}

/**
 * What the first request after an Admin changes a product costs (the change
 * moves the catalogue version, so what was made from the catalogue is made
 * again): a catalogue page of the API, the server-rendered /detail/10 and
 * /catalogue, the sitemap (an index past 50,000 addresses) and its first
 * file, each after its own change.
 */
async function afterAChange(origin, emulatorPort, product) {
  const token = await adminToken(emulatorPort);
  let price = product.price;
  const change = async () => {
    price += 1;
    const changed = await call(`${origin}/api/products`, { method: 'PUT', token, body: { id: product.id, price }, encoding: 'identity' });
    if (changed.status !== 200) throw new Error(`PUT /api/products answered ${changed.status}`);
  };
  const figures = {};
  for (const path of ['/api/products?page=7&sort=priceDesc&category=lipstick', '/detail/10', '/catalogue?sort=priceAsc&page=3', '/sitemap.xml', '/sitemaps/1.xml']) {
    await change();
    figures[path] = await timedWithProbe(origin, path);
  }
  return figures;
}

/**
 * /home at 150 products, then the shop at 100,000 under the mix: every query
 * of the mix asked once, a warm-up run as long as the measured one, then the
 * measured run.
 * @param {{ port: number, emulatorPort: number, seconds: number }} options
 * @returns {Promise<{ part: string, route: string, figures: Record<string, number> }[]>} each kind's figures, for the targets
 */
export async function measureLargeCatalogue({ port, emulatorPort, seconds }) {
  const small = await startSeeded({ port, emulatorPort }, SMALL_CATALOGUE);
  const smallHome = await homeBytes(small.shop.origin).finally(() => small.shop.stop());
  const large = await startSeeded({ port, emulatorPort }, LARGE_CATALOGUE);
  try {
    const { origin } = large.shop;
    const largeHome = await homeBytes(origin);
    const random = seeded(20261123);
    const first = await json(origin, '/api/products?page=1&pageSize=48');
    const names = [];
    for (let page = 1; page <= 40; page++) names.push(...(await json(origin, `/api/products?page=${page * 37}&pageSize=48&sort=A-Z`)).items.map((p) => p.name));
    const lists = { page: catalogueQueries(random, first.facets), search: searchTerms(random, names) };
    const cold = await coldLatencies(origin, [...lists.page.slice(-15), ...lists.search.slice(-5)]);

    console.log(`\nA catalogue of ${LARGE_CATALOGUE.toLocaleString('en-US')} products (${first.total.toLocaleString('en-US')} on sale), started and seeded in ${large.seconds.toFixed(1)} s:`);
    console.log(`  /home HTML at ${SMALL_CATALOGUE} products: ${smallHome.brotli.toLocaleString('en-US')} B brotli, ${smallHome.raw.toLocaleString('en-US')} B raw; at ${LARGE_CATALOGUE.toLocaleString('en-US')}: ${largeHome.brotli.toLocaleString('en-US')} B brotli, ${largeHome.raw.toLocaleString('en-US')} B raw`);
    console.log(`  A query the cache does not hold, alone (20 never asked): p50 ${cold.p50.toFixed(1)} ms, max ${cold.max.toFixed(1)} ms`);
    console.log('  The first request after an Admin changes a product (each after its own change), and the longest a /robots.txt waited meanwhile:');
    for (const [path, { ms, blocked }] of Object.entries(await afterAChange(origin, emulatorPort, first.items[0]))) {
      console.log(`    ${path.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms, others waited up to ${blocked.toFixed(0)} ms`);
    }
    console.log(
      `  autocannon, ${CONNECTIONS} connections, ${seconds} s after each query was asked once and a warm-up as long, loopback, accept-encoding: ${ACCEPT_ENCODING};\n  three catalogue pages to one search` +
        `, drawn from ${lists.page.length} catalogue queries (sorts, brands, categories, price ranges, offers, pages 1 to 500) and ${lists.search.length} search terms, the first ones asked for most`,
    );
    // The steady state of a shop whose queries in demand are served: each query of the mix asked once, then a run as long as the measured one.
    const all = [...lists.page, ...lists.search];
    for (let start = 0; start < all.length; start += 10) await Promise.all(all.slice(start, start + 10).map((path) => json(origin, path)));
    await runMix(origin, lists, seconds, 1);
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    const { result, byKind } = await runMix(origin, lists, seconds, 2);
    console.log(`  all: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${result.errors + result.timeouts > 0 ? ` (${result.errors} errors, ${result.timeouts} timeouts)` : ''}`);
    console.log(`  ${'kind'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}`);
    const measured = [];
    for (const [kind, label] of KINDS) {
      const figures = figuresOf(byKind.get(kind), result.duration);
      const failed = figures.failed > 0 ? ` (${figures.failed} failed)` : '';
      console.log(`  ${label.padEnd(44)} ${figures['req/s'].toFixed(0).padStart(8)} ${figures.p50.toFixed(1).padStart(6)} ${figures.p99.toFixed(1).padStart(6)}${failed}`);
      measured.push({ part: 'large', route: kind, figures });
    }
    console.log('  (latencies in ms)');
    return measured;
  } finally {
    await large.shop.stop();
  }
}
