// `npm run bench`: the first-load JavaScript of each storefront route, then the
// API's throughput and p99 latency under load (autocannon, 50 connections, on
// loopback) beside a bare node:http server sending the same bytes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright';
import { PROJECT_ID, startAuthEmulator } from './authEmulator.mjs';

const SHOP_PORT = 3499;
const BARE_PORT = 3498;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const vite = resolve('node_modules/.bin/vite');
const BARE_SERVER = `
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
const files = JSON.parse(process.argv[1]);
const bodies = new Map(Object.entries(files).map(([path, file]) => [path, readFileSync(file)]));
createServer((request, response) => {
  const body = bodies.get(request.url);
  response.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'content-length': body?.length ?? 0 });
  response.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(vite, ['build', '--logLevel', 'warn']);
run(process.execPath, ['scripts/bundle-size.mjs']);

console.log('\nCatalogue filter + sort + page (vitest bench, mean ms per change):');
run(resolve('node_modules/.bin/vitest'), ['bench', '--run', '--project', 'unit']);

await measureSortToPaint();

run(vite, ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn']);

/** Chromium on the MSW build with 2,000 products: the time from a sort change to the next frame, over 30 changes. */
async function measureSortToPaint() {
  const build = spawnSync(vite, ['build', '--outDir', 'dist-msw', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, VITE_MSW: 'true' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const preview = spawn(vite, ['preview', '--outDir', 'dist-msw', '--port', '3497', '--strictPort', '--host', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, VITE_MSW: 'true' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch('http://127.0.0.1:3497/home')).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('http://127.0.0.1:3497/catalogue?mockProducts=2000');
    await page.getByText(/\d+ products/).waitFor();
    const times = await page.evaluate(async () => {
      const select = document.querySelector('select');
      const sorts = ['priceAsc', 'A-Z', 'newest', 'priceDesc', 'offers', 'popular'];
      const result = [];
      for (let i = 0; i < 30; i++) {
        const start = performance.now();
        select.value = sorts[i % sorts.length];
        select.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
        result.push(performance.now() - start);
        await new Promise((done) => setTimeout(done, 50));
      }
      return result;
    });
    const count = await page.getByText(/\d+ products/).textContent();
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`\nSort change to next paint, Chromium, catalogue of 2,000 (${count} on sale), 30 changes: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  } finally {
    await browser.close();
    preview.kill();
  }
}

const emulator = await startAuthEmulator({ port: 9499 });
const shop = spawn(process.execPath, ['dist-server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(SHOP_PORT),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    LOG_LEVEL: 'error',
  },
});

try {
  const base = `http://127.0.0.1:${SHOP_PORT}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const paths = ['/api/products', '/api/products/1'];
  const bodies = new Map(await Promise.all(paths.map(async (p) => [p, Buffer.from(await (await fetch(base + p)).arrayBuffer())])));
  // The bare server runs in a process of its own, as the shop does, so neither shares a core with autocannon's event loop.
  const bodyDir = mkdtempSync(join(tmpdir(), 'bench-bodies-'));
  const files = Object.fromEntries(paths.map((p, i) => [p, join(bodyDir, `${i}.json`)]));
  for (const p of paths) writeFileSync(files[p], bodies.get(p));
  const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER, JSON.stringify(files), String(BARE_PORT)], { stdio: 'inherit' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${BARE_PORT}${paths[1]}`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const measure = (url) =>
    new Promise((done, fail) => autocannon({ url, connections: 50, duration: DURATION }, (error, result) => (error ? fail(error) : done(result))));

  console.log(`\nAPI under load: autocannon, 50 connections, ${DURATION} s each, loopback`);
  console.log('  target                              bytes     req/s    p99 ms');
  for (const path of paths) {
    for (const [label, origin] of [['shop', base], ['bare node:http', `http://127.0.0.1:${BARE_PORT}`]]) {
      const result = await measure(origin + path);
      console.log(
        `  ${`${label} GET ${path}`.padEnd(34)} ${String(bodies.get(path).length).padStart(7)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p99).padStart(9)}`,
      );
    }
  }
  bare.kill();
} finally {
  shop.kill('SIGTERM');
  await emulator.stop();
}
