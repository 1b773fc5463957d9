// The shop's responses under load (autocannon on loopback, each request with a
// browser's Accept-Encoding) beside a bare node:http server, in a process of
// its own (bareServer.mjs), sending the same bytes: the same body and headers.
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startBare } from './bareServer.mjs';

const CONNECTIONS = 50;
/** What Chromium sends. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One call as the storefront makes it, the body as sent (still compressed, unless `encoding` says identity). */
export function call(url, { method = 'GET', token, body, encoding = ACCEPT_ENCODING } = {}) {
  const headers = { 'accept-encoding': encoding };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((done, fail) => {
    request(url, { method, headers }, (response) => {
      const chunks = [];
      response
        .on('data', (chunk) => chunks.push(chunk))
        .on('end', () => done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }))
        .on('error', fail);
    })
      .on('error', fail)
      .end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const load = (url, seconds) =>
  new Promise((done, fail) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING } }, (error, result) =>
      error ? fail(error) : done(result),
    ),
  );

function describe(result) {
  const failures = result.non2xx + result.errors + result.timeouts;
  const line = `${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(5)} ${String(result.latency.p99).padStart(5)}`;
  return failures > 0 ? `${line} (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : line;
}

/**
 * Loads each path of the shop, then the same bytes from the bare server, one
 * after the other, and prints the table.
 * @returns {Promise<Map<string, Record<string, number>>>} each path's shop/bare: the shop's requests per second in % of the bare server's
 */
export async function measureThroughput({ origin, paths, barePort, seconds }) {
  const responses = new Map();
  for (const path of paths) {
    const response = await call(origin + path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    responses.set(`GET ${path}`, response);
  }
  const bare = await startBare(responses, barePort);
  const figures = new Map();
  try {
    console.log(`\nUnder load: autocannon, ${CONNECTIONS} connections, ${seconds} s each, loopback, accept-encoding: ${ACCEPT_ENCODING}`);
    // Other work on the machine moves these figures: the load before the run says how busy it was.
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores before the run)`);
    console.log(
      `  ${'GET'.padEnd(24)} ${'body sent'.padEnd(15)} ${'shop req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}   ${'bare req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}  shop/bare`,
    );
    for (const [key, { headers, body }] of responses) {
      const path = key.slice('GET '.length);
      const shop = await load(origin + path, seconds);
      const bareResult = await load(bare.origin + path, seconds);
      const sent = `${body.length} B ${headers['content-encoding'] ?? 'plain'}`;
      const shopToBare = (100 * shop.requests.average) / bareResult.requests.average;
      figures.set(path, { 'shop/bare': shopToBare });
      const ratio = `${shopToBare.toFixed(0)} %`;
      console.log(`  ${path.padEnd(24)} ${sent.padEnd(15)}   ${describe(shop)}     ${describe(bareResult)}  ${ratio.padStart(9)}`);
    }
    console.log('  (latencies in ms)');
  } finally {
    bare.stop();
  }
  return figures;
}
