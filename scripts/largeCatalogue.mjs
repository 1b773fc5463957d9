// A catalogue of 100,000 products: the shop as `npm start` runs it, seeded
// with SEED_PRODUCTS generated products, loaded by autocannon with the
// storefront's own mix: catalogue pages (filters, sorts and page numbers as
// shoppers pick them, drawn afresh for every request, so a query is first
// asked when a draw first makes it) and name searches as the search box
// asks them (GET /api/products?name=&page=1&pageSize=48), while the
// catalogue changes as a busy shop's does (a sale every second, an Admin's
// price change every 5 seconds, a product sold out and back), each change
// letting go of the answers it changes; req/s, p50 and p99 per kind, and how
// many requests asked a query already asked since the last product sold out
// or back. Then the worst case: every request a
// query never asked before. Beside it, /home's HTML and first-load
// JavaScript at 150 products and at 100,000.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { ACCEPT_ENCODING, call } from './throughput.mjs';
import { startShop } from './shopServer.mjs';

export const LARGE_CATALOGUE = 100_000;
const SMALL_CATALOGUE = 150;
const CONNECTIONS = 50;
/** A search result page as the search box asks it (SEARCH_RESULTS). */
const SEARCH_PAGE_SIZE = 48;
/** A catalogue page's products (CATALOGUE_PAGE_SIZE). */
const CATALOGUE_PAGE_SIZE = 16;
const KINDS = [
  ['page', 'catalogue page: GET /api/products?page=…'],
  ['search', 'search: GET /api/products?name=…&page=1'],
];
const SORTS = ['popular', 'popular', 'popular', 'newest', 'priceAsc', 'offers', 'priceDesc', 'A-Z', 'Z-A'];
const PRICE_RANGES = [[0, 10], [10, 25], [25, 50], [50, 100]];

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

/** A sort and filters as shoppers pick them: the default sort most, a brand, a category, a price range, offers now and then. */
function filtersOf(random, facets) {
  const params = new URLSearchParams();
  const sort = SORTS[Math.floor(random() * SORTS.length)];
  if (sort !== 'popular') params.set('sort', sort);
  if (random() < 0.4) params.set('brand', facets.brands[Math.floor(random() * facets.brands.length)].value);
  if (random() < 0.5) params.set('category', facets.categories[Math.floor(random() * facets.categories.length)].value);
  if (random() < 0.2) {
    const [min, max] = PRICE_RANGES[Math.floor(random() * PRICE_RANGES.length)];
    params.set('min', String(min));
    params.set('max', String(max));
  }
  if (random() < 0.1) params.set('offers', 'true');
  return params;
}

/** The pages a query's brand and category leave (as the catalogue's counts tell them; a price range or offers make some past the last, answered as the last). */
function pagesOf(params, facets, total) {
  const countOf = (list, value) => list.find((facet) => facet.value === value)?.count ?? total;
  const brand = params.has('brand') ? countOf(facets.brands, params.get('brand')) / total : 1;
  const category = params.has('category') ? countOf(facets.categories, params.get('category')) / total : 1;
  return Math.max(1, Math.ceil((total * brand * category) / CATALOGUE_PAGE_SIZE));
}

/** What the search box sends while a shopper types a word of a product's name: its first 3 letters, then 4, and so on. */
function typedParts(names) {
  const parts = [];
  for (const word of names.flatMap((name) => name.toLowerCase().split(' '))) for (let length = 3; length <= word.length; length++) parts.push(word.slice(0, length));
  return parts;
}

/**
 * What shoppers ask, drawn afresh for each request: a catalogue page of a
 * sort and filters, mostly its first page, now and then one anywhere in
 * it; a search for what is typed of a word of a product's name, the words
 * of more products typed more often.
 */
function shopperDraws(random, facets, total, names) {
  const parts = typedParts(names);
  return {
    page: () => {
      const params = filtersOf(random, facets);
      const draw = random();
      params.set('page', String(draw < 0.6 ? 1 : draw < 0.8 ? 2 : draw < 0.95 ? 3 + Math.floor(random() * 8) : 1 + Math.floor(random() * pagesOf(params, facets, total))));
      return `/api/products?${params}`;
    },
    search: () => `/api/products?name=${encodeURIComponent(parts[Math.floor(random() * parts.length)])}&page=1&pageSize=${SEARCH_PAGE_SIZE}`,
  };
}

/**
 * Queries no request has asked before (`asked` holds those that were, and
 * grows): a catalogue page of any sort and filters at a page drawn across
 * all its pages, and a search for a part of a product's name, 3 to 14
 * letters from anywhere in it.
 */
function neverAsked(random, facets, total, names, asked) {
  const fresh = (draw) => {
    for (let tries = 0; tries < 1000; tries++) {
      const path = draw();
      if (!asked.has(path)) {
        asked.add(path);
        return path;
      }
    }
    throw new Error('No query left that was never asked');
  };
  const parts = new Set();
  for (const name of names.map((n) => n.toLowerCase())) {
    for (let start = 0; start < name.length; start++) {
      for (let length = 3; length <= 14 && start + length <= name.length; length++) {
        const part = name.slice(start, start + length);
        if (!part.startsWith(' ') && !part.endsWith(' ')) parts.add(part);
      }
    }
  }
  const distinct = [...parts];
  return {
    page: () =>
      fresh(() => {
        const params = filtersOf(random, facets);
        params.set('page', String(1 + Math.floor(random() * pagesOf(params, facets, total))));
        return `/api/products?${params}`;
      }),
    search: () => fresh(() => `/api/products?name=${encodeURIComponent(distinct[Math.floor(random() * distinct.length)])}&page=1&pageSize=${SEARCH_PAGE_SIZE}`),
  };
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

/**
 * The JavaScript a fresh visitor's /home downloads until the network is idle and its sections are shown,
 * in KB as sent gzipped (as tests/e2e/firstLoad.spec.ts counts it), and in how many files.
 */
async function firstLoadJs(browser, origin) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const sizes = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    const response = await page.goto(`${origin}/home`, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`GET /home answered ${response?.status()}`);
    // The home's sections shown, as tests/e2e/firstLoad.spec.ts waits for them: on a busy machine the network can idle before.
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    const bytes = await Promise.all(sizes);
    return { kb: bytes.reduce((sum, size) => sum + size, 0) / 1000, files: bytes.length };
  } finally {
    await context.close();
  }
}

/** /home's HTML and its first-load JavaScript, in a Chromium of its own. */
async function homeWeight(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    return { ...(await homeBytes(origin)), js: await firstLoadJs(browser, origin) };
  } finally {
    await browser.close();
  }
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

/** autocannon on the mix: three catalogue pages to one search, each request's path drawn by `pathOf(kind)`. */
function runMix(origin, pathOf, seconds) {
  const byKind = new Map(KINDS.map(([kind]) => [kind, { count: 0, failed: 0, latencies: [] }]));
  const request = (kind) => ({ kind, method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf(kind) }) });
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
 * The catalogue changing as a busy shop's does while `run` runs, through the
 * Admin's API: every second a sale (a product's stock taken down by one,
 * which moves the catalogue version as a checkout does); every fifth second
 * an Admin's price change instead; every tenth, counted from the third, a
 * product sold out, and back in stock the second after. Each lets go of
 * the answers it changes: a sale, those that show the product; a price,
 * those too and those that find it sorted or filtered by price; a product
 * sold out or back, nearly all (each facet count). `onChange` is told of
 * each once it is made, and whether a product left or came back.
 */
async function whileChanging(origin, emulatorPort, products, onChange, run) {
  const token = await adminToken(emulatorPort);
  const state = products.map(({ id, price, stock }) => ({ id, price, stock }));
  let tick = 0;
  const failures = [];
  const change = async () => {
    const product = state[tick % state.length];
    const step = ++tick % 10;
    const body =
      step % 5 === 0
        ? { id: product.id, price: (product.price = Math.round((product.price + (step === 0 ? -1 : 1)) * 100) / 100) }
        : step === 3
          ? { id: state[0].id, stock: 0 }
          : step === 4
            ? { id: state[0].id, stock: state[0].stock }
            : { id: product.id, stock: (product.stock = Math.max(2, product.stock - 1)) };
    const response = await call(`${origin}/api/products`, { method: 'PUT', token, body, encoding: 'identity' });
    if (response.status !== 200) failures.push(`PUT /api/products ${JSON.stringify(body)} answered ${response.status}`);
    onChange(step === 3 || step === 4);
  };
  const changes = [];
  const timer = setInterval(() => changes.push(change()), 1000);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    await Promise.all(changes);
    if (failures.length > 0) throw new Error(failures.join('\n'));
  }
}

/** Prints a run's figures per kind (`suffix` names them in the targets) and returns them. */
function printKinds({ result, byKind }, suffix) {
  console.log(`  all: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${result.errors + result.timeouts > 0 ? ` (${result.errors} errors, ${result.timeouts} timeouts)` : ''}`);
  console.log(`  ${'kind'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}`);
  // Every request not answered 200: a status, or a connection error (autocannon counts its 10 s timeouts among them).
  const measured = [{ part: 'large', route: `all${suffix}`, figures: { failed: [...byKind.values()].reduce((sum, kind) => sum + kind.failed, result.errors) } }];
  for (const [kind, label] of KINDS) {
    const figures = figuresOf(byKind.get(kind), result.duration);
    const failed = figures.failed > 0 ? ` (${figures.failed} failed)` : '';
    console.log(`  ${label.padEnd(44)} ${figures['req/s'].toFixed(0).padStart(8)} ${figures.p50.toFixed(1).padStart(6)} ${figures.p99.toFixed(1).padStart(6)}${failed}`);
    measured.push({ part: 'large', route: `${kind}${suffix}`, figures });
  }
  console.log('  (latencies in ms)');
  return measured;
}

const weightOf = ({ brotli, raw, js }) => `HTML ${brotli.toLocaleString('en-US')} B brotli, ${raw.toLocaleString('en-US')} B raw; first-load JS ${js.kb.toFixed(1)} KB gzip in ${js.files} files`;

/**
 * /home at 150 products, then the shop at 100,000: the storefront's mix
 * while the catalogue changes, a warm-up run as long as the measured one,
 * then the measured run; last a run as long whose every request is a query
 * never asked before.
 * @param {{ port: number, emulatorPort: number, seconds: number }} options
 * @returns {Promise<{ part: string, route: string, figures: Record<string, number> }[]>} each kind's figures, for the targets
 */
export async function measureLargeCatalogue({ port, emulatorPort, seconds }) {
  const small = await startSeeded({ port, emulatorPort }, SMALL_CATALOGUE);
  const smallHome = await homeWeight(small.shop.origin).finally(() => small.shop.stop());
  const large = await startSeeded({ port, emulatorPort }, LARGE_CATALOGUE);
  try {
    const { origin } = large.shop;
    const largeHome = await homeWeight(origin);
    const first = await json(origin, '/api/products?page=1&pageSize=48');
    // Names from pages spread across the catalogue in name order: each as often as the products that bear it.
    const names = [];
    for (let page = 1; page <= 200; page++) names.push(...(await json(origin, `/api/products?page=${page * 9}&pageSize=48&sort=A-Z`)).items.map((p) => p.name));
    const asked = new Set();
    const cold = neverAsked(seeded(4), first.facets, first.total, names, asked);
    const alone = await coldLatencies(origin, [...Array.from({ length: 15 }, cold.page), ...Array.from({ length: 5 }, cold.search)]);

    console.log(`\nA catalogue of ${LARGE_CATALOGUE.toLocaleString('en-US')} products (${first.total.toLocaleString('en-US')} on sale), started and seeded in ${large.seconds.toFixed(1)} s:`);
    console.log(`  /home at ${SMALL_CATALOGUE} products: ${weightOf(smallHome)}`);
    console.log(`  /home at ${LARGE_CATALOGUE.toLocaleString('en-US')} products: ${weightOf(largeHome)}`);
    console.log(`  A query the cache does not hold, alone (20 never asked): p50 ${alone.p50.toFixed(1)} ms, max ${alone.max.toFixed(1)} ms`);
    console.log('  The first request after an Admin changes a product (each after its own change), and the longest a /robots.txt waited meanwhile:');
    for (const [path, { ms, blocked }] of Object.entries(await afterAChange(origin, emulatorPort, first.items[0]))) {
      console.log(`    ${path.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms, others waited up to ${blocked.toFixed(0)} ms`);
    }

    console.log(
      `\n  The storefront's mix: autocannon, ${CONNECTIONS} connections, ${seconds} s after a warm-up as long, loopback, accept-encoding: ${ACCEPT_ENCODING};\n` +
        '  three catalogue pages (sorts, brands, categories, price ranges and offers as shoppers pick them; 60 % page 1, 20 % page 2, 15 % pages 3 to 10, 5 % any page)\n' +
        '  to one search (3 letters or more of a word of a product\'s name), each drawn afresh; meanwhile a sale every second, an Admin\'s price change every 5th second,\n' +
        '  and every 10th a product sold out, back in stock the second after.',
    );
    // Which requests asked a query already asked since a product last left or came back: those the cache may have kept.
    const since = { seen: new Set(), repeated: 0, asked: 0 };
    const tracked = (draws) => (kind) => {
      const path = draws[kind]();
      asked.add(path);
      since.asked++;
      if (since.seen.has(path)) since.repeated++;
      else since.seen.add(path);
      return path;
    };
    const changed = (cameOrWent) => cameOrWent && since.seen.clear();
    const products = first.items.slice(0, 10);
    await whileChanging(origin, emulatorPort, products, changed, () => runMix(origin, tracked(shopperDraws(seeded(1), first.facets, first.total, names)), seconds));
    Object.assign(since, { repeated: 0, asked: 0 });
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    const mix = await whileChanging(origin, emulatorPort, products, changed, () => runMix(origin, tracked(shopperDraws(seeded(2), first.facets, first.total, names)), seconds));
    const measured = printKinds(mix, '');
    console.log(
      `  ${((100 * since.repeated) / since.asked).toFixed(1)} % of the requests asked a query already asked since a product last left or came back (those the cache may hold, less those a sale or a new price changed since).`,
    );

    const fresh = neverAsked(seeded(3), first.facets, first.total, names, asked);
    console.log(`\n  The worst case: the same mix, ${CONNECTIONS} connections, ${seconds} s, each request a query never asked before (the cache holds none):`);
    console.log("  a catalogue page of any sort and filters at a page drawn across all its pages; a search for 3 to 14 letters of a product's name");
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    measured.push(...printKinds(await runMix(origin, (kind) => fresh[kind](), seconds), ' never asked'));
    const home = { 'HTML brotli over 150': largeHome.brotli - smallHome.brotli, 'first-load JS over 150': largeHome.js.kb - smallHome.js.kb };
    measured.push({ part: 'large', route: '/home', figures: home });
    return measured;
  } finally {
    await large.shop.stop();
  }
}
