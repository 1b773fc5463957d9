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
import { afterAChange, whileChanging } from './catalogueChanges.mjs';
import { homeWeight } from './homeWeight.mjs';
import { neverAsked, seeded, shopperDraws } from './shopperQueries.mjs';
import { ACCEPT_ENCODING, call } from './throughput.mjs';
import { startShop } from './shopServer.mjs';

export const LARGE_CATALOGUE = 100_000;
const SMALL_CATALOGUE = 150;
const CONNECTIONS = 50;
const KINDS = [
  ['page', 'catalogue page: GET /api/products?page=…'],
  ['search', 'search: GET /api/products?name=…&page=1'],
];

async function json(origin, path) {
  const response = await call(origin + path, { encoding: 'identity' });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return JSON.parse(response.body.toString());
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
      {
        url: origin,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        requests: [request('page'), request('page'), request('page'), request('search')],
      },
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

/** Prints a run's figures per kind (`suffix` names them in the targets) and returns them. */
function printKinds({ result, byKind }, suffix) {
  console.log(
    `  all: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${result.errors + result.timeouts > 0 ? ` (${result.errors} errors, ${result.timeouts} timeouts)` : ''}`,
  );
  console.log(`  ${'kind'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}`);
  // Every request not answered 200: a status, or a connection error (autocannon counts its 10 s timeouts among them).
  const measured = [
    {
      part: 'large',
      route: `all${suffix}`,
      figures: { failed: [...byKind.values()].reduce((sum, kind) => sum + kind.failed, result.errors) },
    },
  ];
  for (const [kind, label] of KINDS) {
    const figures = figuresOf(byKind.get(kind), result.duration);
    const failed = figures.failed > 0 ? ` (${figures.failed} failed)` : '';
    console.log(
      `  ${label.padEnd(44)} ${figures['req/s'].toFixed(0).padStart(8)} ${figures.p50.toFixed(1).padStart(6)} ${figures.p99.toFixed(1).padStart(6)}${failed}`,
    );
    measured.push({ part: 'large', route: `${kind}${suffix}`, figures });
  }
  console.log('  (latencies in ms)');
  return measured;
}

const weightOf = ({ brotli, raw, js }) =>
  `HTML ${brotli.toLocaleString('en-US')} B brotli, ${raw.toLocaleString('en-US')} B raw; first-load JS ${js.kb.toFixed(1)} KB gzip in ${js.files} files`;

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
    for (let page = 1; page <= 200; page++)
      names.push(...(await json(origin, `/api/products?page=${page * 9}&pageSize=48&sort=A-Z`)).items.map((p) => p.name));
    const asked = new Set();
    const cold = neverAsked(seeded(4), first.facets, first.total, names, asked);
    const alone = await coldLatencies(origin, [...Array.from({ length: 15 }, cold.page), ...Array.from({ length: 5 }, cold.search)]);

    console.log(
      `\nA catalogue of ${LARGE_CATALOGUE.toLocaleString('en-US')} products (${first.total.toLocaleString('en-US')} on sale), started and seeded in ${large.seconds.toFixed(1)} s:`,
    );
    console.log(`  /home at ${SMALL_CATALOGUE} products: ${weightOf(smallHome)}`);
    console.log(`  /home at ${LARGE_CATALOGUE.toLocaleString('en-US')} products: ${weightOf(largeHome)}`);
    console.log(
      `  A query the cache does not hold, alone (20 never asked): p50 ${alone.p50.toFixed(1)} ms, max ${alone.max.toFixed(1)} ms`,
    );
    console.log(
      '  The first request after an Admin changes a product (each after its own change), and the longest a /robots.txt waited meanwhile:',
    );
    for (const [path, { ms, blocked }] of Object.entries(await afterAChange(origin, emulatorPort, first.items[0]))) {
      console.log(`    ${path.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms, others waited up to ${blocked.toFixed(0)} ms`);
    }

    console.log(
      `\n  The storefront's mix: autocannon, ${CONNECTIONS} connections, ${seconds} s after a warm-up as long, loopback, accept-encoding: ${ACCEPT_ENCODING};\n` +
        '  three catalogue pages (sorts, brands, categories, price ranges and offers as shoppers pick them; 60 % page 1, 20 % page 2, 15 % pages 3 to 10, 5 % any page)\n' +
        "  to one search (3 letters or more of a word of a product's name), each drawn afresh; meanwhile a sale every second, an Admin's price change every 5th second,\n" +
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
    await whileChanging(origin, emulatorPort, products, changed, () =>
      runMix(origin, tracked(shopperDraws(seeded(1), first.facets, first.total, names)), seconds),
    );
    Object.assign(since, { repeated: 0, asked: 0 });
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    const mix = await whileChanging(origin, emulatorPort, products, changed, () =>
      runMix(origin, tracked(shopperDraws(seeded(2), first.facets, first.total, names)), seconds),
    );
    const measured = printKinds(mix, '');
    console.log(
      `  ${((100 * since.repeated) / since.asked).toFixed(1)} % of the requests asked a query already asked since a product last left or came back (those the cache may hold, less those a sale or a new price changed since).`,
    );

    const fresh = neverAsked(seeded(3), first.facets, first.total, names, asked);
    console.log(
      `\n  The worst case: the same mix, ${CONNECTIONS} connections, ${seconds} s, each request a query never asked before (the cache holds none):`,
    );
    console.log(
      "  a catalogue page of any sort and filters at a page drawn across all its pages; a search for 3 to 14 letters of a product's name",
    );
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    measured.push(...printKinds(await runMix(origin, (kind) => fresh[kind](), seconds), ' never asked'));
    const home = {
      'HTML brotli over 150': largeHome.brotli - smallHome.brotli,
      'first-load JS over 150': largeHome.js.kb - smallHome.js.kb,
    };
    measured.push({ part: 'large', route: '/home', figures: home });
    return measured;
  } finally {
    await large.shop.stop();
  }
}
