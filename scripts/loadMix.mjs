// The storefront's mix under load: each autocannon connection repeats a
// shopper's visit (home, catalogue pages, product pages, searches, cart
// changes through the API, and in one visit of BUY_EVERY a test-payment
// checkout), signed in as one of SHOPPERS accounts of the Auth emulator.
// Beside it, in the same run, a bare node:http server in a process of its own
// answers the same requests with the bytes the shop sent for them: each GET's
// own response, and for each write the response of one real call of it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startBare } from './bareServer.mjs';
import { ACCEPT_ENCODING, call } from './throughput.mjs';

const CONNECTION_COUNTS = [50, 200];
/** Twice the most connections, so every connection has a shopper of its own while it changes a cart. */
const SHOPPERS = 400;
const BUY_EVERY = 5;
/**
 * createPayment and createOrder allow 30 calls per minute per caller
 * (server/http/rateLimits.ts): a shopper who made this many payments in the
 * last minute browses without buying.
 */
const PAYMENTS_PER_MINUTE = 25;
/** The stock the checkouts' products get first, so no checkout finds them sold out. */
const STOCK = 1_000_000;
const BUYABLE = 10;
const ADDRESS = 'Argentina, Cordoba, San Martin 1234';
const KINDS = [
  ['home', 'GET /home'],
  ['catalogue', 'GET /catalogue?…'],
  ['detail', 'GET /detail/{id}'],
  ['search', 'GET /api/products?name='],
  ['cart', 'cart: POST bulk, PUT, DELETE'],
  ['payment', 'checkout: POST /api/payments'],
  ['order', 'checkout: POST /api/orders'],
];
async function ok(url, options, expected = [200, 201]) {
  const response = await call(url, options);
  if (!expected.includes(response.status))
    throw new Error(`${options?.method ?? 'GET'} ${url} answered ${response.status}: ${response.body}`);
  return response;
}

const emulatorCall = async (emulatorOrigin, action, body) =>
  JSON.parse(
    (
      await ok(`${emulatorOrigin}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-key`, {
        method: 'POST',
        body: { ...body, returnSecureToken: true },
      })
    ).body,
  );

/** A new account of the emulator and its shop user, as /register makes them. */
async function newShopper(origin, emulatorOrigin, i) {
  const run = Date.now().toString(36).slice(-5);
  const account = { email: `load.${run}.${i}@makeup.test`, password: 'secret12' };
  const { idToken, localId } = await emulatorCall(emulatorOrigin, 'signUp', account);
  await ok(`${origin}/api/users`, { method: 'POST', token: idToken, body: { username: `load${run}${String(i).padStart(4, '0')}` } });
  return { uid: localId, token: idToken, payments: [] };
}

async function newShoppers(origin, emulatorOrigin) {
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 20) {
    shoppers.push(...(await Promise.all(Array.from({ length: 20 }, (_, j) => newShopper(origin, emulatorOrigin, i + j)))));
  }
  return shoppers;
}

/** The demo Admin of the emulator set-up (seed/demoPasswords.ts) raises the stock of the checkouts' products: their own, or spread over their shades. */
async function restock(origin, emulatorOrigin, products) {
  const { idToken } = await emulatorCall(emulatorOrigin, 'signInWithPassword', { email: 'admin@makeup.test', password: 'admin123' });
  for (const product of products) {
    const body =
      product.shades.length === 0
        ? { id: product.id, stock: STOCK }
        : { id: product.id, shades: product.shades.map((shade) => ({ ...shade, stock: Math.floor(STOCK / product.shades.length) })) };
    await ok(`${origin}/api/products`, { method: 'PUT', token: idToken, body });
  }
}

/** The visit's pages and searches, chosen among the seeded catalogue. */
function pagesOf(products) {
  const enabled = products.filter((p) => !p.disable);
  const [first] = enabled;
  const words = [...new Set(enabled.map((p) => p.name.split(' ')[0].toLowerCase()).filter((word) => word.length >= 4))];
  return {
    catalogue: [
      '/catalogue',
      '/catalogue?sort=offers&offers=1',
      '/catalogue?sort=newest&page=2',
      `/catalogue?brand=${encodeURIComponent(first.brand)}&sort=priceAsc`,
      `/catalogue?category=${encodeURIComponent(first.category)}&min=10&max=50`,
    ],
    detail: enabled.slice(0, 6).map((p) => `/detail/${p.id}`),
    search: words.slice(0, 4).map((word) => `/api/products?name=${encodeURIComponent(word)}`),
  };
}

/**
 * The visit as autocannon requests, for the shop or the bare server. A
 * shopper is taken from the free ones for the cart and checkout, and given
 * back when the visit ends; `limited` counts its payments against the rate limit.
 */
function visitOf({ pages, buyable, shoppers, limited }) {
  const free = [...shoppers];
  let visits = 0;
  const json = (body) => JSON.stringify(body);
  const get = (kind, pick) => ({ kind, method: 'GET', setupRequest: (req, context) => ({ ...req, path: pick(context) }) });
  const page = (list, offset) => (context) => list[(context.visit + offset) % list.length];
  const release = (context) => free.push(context.shopper);
  const headersOf = (context, type = { 'content-type': 'application/json' }) => ({
    'accept-encoding': ACCEPT_ENCODING,
    ...type,
    authorization: `Bearer ${context.shopper.token}`,
  });
  const mayPay = (shopper) => {
    if (!limited) return true;
    const minuteAgo = Date.now() - 60_000;
    shopper.payments = shopper.payments.filter((at) => at > minuteAgo);
    return shopper.payments.length < PAYMENTS_PER_MINUTE;
  };
  return [
    {
      kind: 'home',
      method: 'GET',
      path: '/home',
      setupRequest: (req, context) => {
        context.visit = visits++;
        return req;
      },
    },
    get('catalogue', page(pages.catalogue, 0)),
    get('detail', page(pages.detail, 0)),
    get('search', page(pages.search, 0)),
    get('catalogue', page(pages.catalogue, 1)),
    get('detail', page(pages.detail, 1)),
    {
      kind: 'cart',
      method: 'POST',
      setupRequest: (req, context) => {
        context.shopper = free.pop();
        context.product = buyable[context.visit % buyable.length];
        context.buys = context.visit % BUY_EVERY === 0 && mayPay(context.shopper);
        const body = json({ userID: context.shopper.uid, allProducts: [{ productId: context.product.id, quantity: 1 }] });
        return { ...req, path: '/api/cart/bulk', headers: headersOf(context), body };
      },
      onResponse: (status, body, context) => {
        if (status === 200) context.cartId = JSON.parse(body).id;
      },
    },
    {
      kind: 'cart',
      method: 'PUT',
      setupRequest: (req, context) => ({
        ...req,
        path: '/api/cart/quantity',
        headers: headersOf(context),
        body: json({ newQuantity: 2, productID: context.product.id, cartID: context.cartId }),
      }),
    },
    {
      kind: 'cart',
      setupRequest: (req, context) =>
        context.buys
          ? {
              ...req,
              method: 'PUT',
              path: '/api/cart/quantity',
              headers: headersOf(context),
              body: json({ newQuantity: 1, productID: context.product.id, cartID: context.cartId }),
            }
          : {
              ...req,
              method: 'DELETE',
              path: `/api/cart?productID=${context.product.id}&cartID=${context.cartId}`,
              headers: headersOf(context, {}),
              body: undefined,
            },
    },
    {
      kind: 'payment',
      method: 'POST',
      setupRequest: (req, context) => {
        if (!context.buys) {
          release(context);
          return null;
        }
        if (limited) context.shopper.payments.push(Date.now());
        return { ...req, path: '/api/payments', headers: headersOf(context), body: json({ userID: context.shopper.uid }) };
      },
      onResponse: (status, body, context) => {
        if (status === 201) context.paymentId = JSON.parse(body).id;
      },
    },
    {
      kind: 'order',
      method: 'POST',
      setupRequest: (req, context) => ({
        ...req,
        path: '/api/orders',
        headers: headersOf(context),
        body: json({ status: 'open', userID: context.shopper.uid, address: ADDRESS, paymentId: context.paymentId ?? 'none' }),
      }),
      onResponse: (_status, _body, context) => release(context),
    },
  ];
}

/** The shop's answer to each request of the visit: every GET, and one real call of each write. */
async function recordResponses(origin, pages, product, shopper) {
  const responses = new Map();
  for (const path of ['/home', ...pages.catalogue, ...pages.detail, ...pages.search])
    responses.set(`GET ${path}`, await ok(origin + path, {}, [200]));
  const as = (method, body) => ({ method, token: shopper.token, body });
  const added = await ok(
    `${origin}/api/cart/bulk`,
    as('POST', { userID: shopper.uid, allProducts: [{ productId: product.id, quantity: 1 }] }),
  );
  responses.set('POST /api/cart/bulk', added);
  const cartID = JSON.parse(added.body).id;
  responses.set(
    'PUT /api/cart/quantity',
    await ok(`${origin}/api/cart/quantity`, as('PUT', { newQuantity: 2, productID: product.id, cartID })),
  );
  responses.set('DELETE /api/cart', await ok(`${origin}/api/cart?productID=${product.id}&cartID=${cartID}`, as('DELETE')));
  await ok(`${origin}/api/cart/bulk`, as('POST', { userID: shopper.uid, allProducts: [{ productId: product.id, quantity: 1 }] }));
  const payment = await ok(`${origin}/api/payments`, as('POST', { userID: shopper.uid }));
  shopper.payments.push(Date.now());
  responses.set('POST /api/payments', payment);
  const paymentId = JSON.parse(payment.body).id;
  responses.set(
    'POST /api/orders',
    await ok(`${origin}/api/orders`, as('POST', { status: 'open', userID: shopper.uid, address: ADDRESS, paymentId })),
  );
  return responses;
}

/** A process's /proc/<pid>/stat fields from the state on (field 3 at [0]); the name before it may hold spaces and parentheses. */
function statOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

let tickMs;
/** utime + stime (fields 14, 15), and with reaped also cutime + cstime (16, 17): the children it waited for, in clock ticks. */
const ticksOf = (fields, reaped) => fields.slice(11, reaped ? 15 : 13).reduce((sum, ticks) => sum + Number(ticks), 0);

/**
 * The CPU time, in ms, a process has used (Linux /proc; unlike requests per
 * second it hardly moves with what else the machine runs), and with children
 * also its children's, running or ended: PostgreSQL's backends are its
 * postmaster's. Null where there is no /proc.
 */
function cpuMsOf(pid, { children = false } = {}) {
  try {
    tickMs ??= 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
    let ticks = ticksOf(statOf(pid), children);
    if (children) {
      for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
        try {
          const fields = statOf(entry);
          if (Number(fields[1]) === pid) ticks += ticksOf(fields, false);
        } catch {
          // Ended since the listing: its time is in the parent's cutime now.
        }
      }
    }
    return ticks * tickMs;
  } catch {
    return null;
  }
}

/** Runs the visit on connections for seconds; each kind's answers: count, failures, latencies. */
function runMix(origin, requests, connections, seconds) {
  const byKind = new Map(KINDS.map(([kind]) => [kind, { count: 0, failed: 0, latencies: [] }]));
  return new Promise((done, fail) => {
    const instance = autocannon(
      { url: origin, connections, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING }, requests },
      (error, result) => (error ? fail(error) : done({ result, byKind })),
    );
    instance.on('response', (client, status, _bytes, responseTime) => {
      const kind = byKind.get(client.requestIterator.currentRequest.kind);
      kind.count++;
      if (status >= 300) kind.failed++;
      kind.latencies.push(responseTime);
    });
  });
}

function describe({ count, failed, latencies }, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) => (sorted.length === 0 ? '-' : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1));
  const line = `${(count / seconds).toFixed(0).padStart(8)} ${at(0.5).padStart(6)} ${at(0.99).padStart(6)}`;
  return failed > 0 ? `${line} (${failed} failed)` : line;
}

/**
 * The shop's mix at each connection count, then the bare server's, and the table.
 * CPU ms per request of the server's process and, on PostgreSQL, of the
 * postmaster and its backends (databasePid; PGlite runs inside the server).
 * @param {{ origin: string, serverPid: number, database: string, databasePid: number | null, emulatorOrigin: string, barePort: number, seconds: number }} options
 */
export async function measureLoadMix({ origin, serverPid, database, databasePid, emulatorOrigin, barePort, seconds }) {
  const products = JSON.parse((await ok(`${origin}/api/products`, { encoding: 'identity' })).body);
  const buyable = products.filter((p) => !p.disable).slice(0, BUYABLE);
  await restock(origin, emulatorOrigin, buyable);
  const pages = pagesOf(products);
  const shoppers = await newShoppers(origin, emulatorOrigin);
  const bare = await startBare(await recordResponses(origin, pages, buyable[0], shoppers[0]), barePort);
  try {
    console.log(`\nThe storefront's mix under load: autocannon, ${seconds} s each, loopback, accept-encoding: ${ACCEPT_ENCODING}`);
    console.log(
      `  Each connection repeats a visit: /home, 2 catalogue pages (of ${pages.catalogue.length} sorts and filters), 2 product pages, 1 search (GET /api/products?name=),\n` +
        `  then, signed in as one of ${SHOPPERS} shoppers, 3 cart changes (POST /api/cart/bulk, PUT /api/cart/quantity, then DELETE /api/cart or PUT again),\n` +
        `  and one visit in ${BUY_EVERY} a checkout with test payments (POST /api/payments, POST /api/orders) of 1 unit of ${BUYABLE} products restocked to ${STOCK};\n` +
        `  a shopper with ${PAYMENTS_PER_MINUTE} payments in the last minute browses instead (rate limit 30 a minute). The bare server answers each request with the shop's bytes for it.`,
    );
    console.log(`  (on ${database}; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    for (const connections of CONNECTION_COUNTS) {
      const cpu = () => [cpuMsOf(serverPid), databasePid === null ? null : cpuMsOf(databasePid, { children: true })];
      const cpuBefore = cpu();
      const shop = await runMix(origin, visitOf({ pages, buyable, shoppers, limited: true }), connections, seconds);
      const cpuUsed = cpu().map((after, i) => (after === null ? null : after - cpuBefore[i]));
      const bareRun = await runMix(bare.origin, visitOf({ pages, buyable, shoppers, limited: false }), connections, seconds);
      const total = ({ result }) => {
        const line = `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;
        return result.errors + result.timeouts > 0 ? `${line} (${result.errors} errors, ${result.timeouts} timeouts)` : line;
      };
      console.log(
        `\n  ${connections} connections: shop ${total(shop)}; bare ${total(bareRun)}; shop/bare ${((100 * shop.result.requests.average) / bareRun.result.requests.average).toFixed(0)} %`,
      );
      const cpuLine = (ms) =>
        `${(ms / shop.result.requests.total).toFixed(2)} ms of CPU per request (${((100 * ms) / (1000 * shop.result.duration)).toFixed(0)} % of one core)`;
      if (cpuUsed[0] !== null) console.log(`  the shop's server process used ${cpuLine(cpuUsed[0])}`);
      if (cpuUsed[1] !== null) console.log(`  PostgreSQL's processes used ${cpuLine(cpuUsed[1])}`);
      console.log(
        `  ${'kind'.padEnd(30)} ${'shop req/s'.padStart(10)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   ${'bare req/s'.padStart(10)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}`,
      );
      for (const [kind, label] of KINDS) {
        console.log(
          `  ${label.padEnd(30)}   ${describe(shop.byKind.get(kind), shop.result.duration)}     ${describe(bareRun.byKind.get(kind), bareRun.result.duration)}`,
        );
      }
    }
    console.log('  (latencies in ms; "failed": answers other than 2xx)');
  } finally {
    bare.stop();
  }
}
