// `npm run bench`: the catalogue's filter and sort speed, the first-load
// JavaScript of each storefront route, then on the shop as `npm start` runs it:
// Lighthouse (mobile) on four pages, and the server-rendered pages' and the
// API's throughput under load beside a bare node:http server sending the same
// bytes, and last the storefront's mix of visits, cart changes and checkouts
// beside it (load), and the shop seeded with 100,000 products under a mix of
// catalogue pages and searches (large), and its pieces timed one by one
// (scale). `--only=lighthouse` (or any comma-separated parts below) runs
// just those. The shop runs on PGlite, or
// with BENCH_DATABASE=postgres on a PostgreSQL cluster of its own.
// Last, PASS or FAIL for each target (benchTargets.mjs) of the parts that ran,
// and a non-zero exit when one is missed.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { checkTargets } from './benchTargets.mjs';
import { auditPages, figuresOf, printAudits } from './lighthouse.mjs';
import { measureLargeCatalogue } from './largeCatalogue.mjs';
import { measureLoadMix } from './loadMix.mjs';
import { BUILD_DIR, buildShop, runOrExit, startShop, waitUntilOk } from './shopServer.mjs';
import { measureThroughput } from './throughput.mjs';

const PARTS = ['bundle', 'filter', 'paint', 'lighthouse', 'throughput', 'load', 'large', 'scale', 'fuzz'];
// Ports of the range kept for ad-hoc servers (the end-to-end suite has its own).
const SHOP_PORT = 4490;
const BARE_PORT = 4491;
const PREVIEW_PORT = 4492;
const DEBUGGING_PORT = 4493;
const EMULATOR_PORT = 4495; // and the next two, its hub and logging
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const vite = resolve('node_modules/.bin/vite');

const onlyArg = process.argv.slice(2).find((arg) => arg.startsWith('--only='));
const parts = onlyArg ? onlyArg.slice('--only='.length).split(',') : PARTS;
const unknown = parts.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}: --only= takes ${PARTS.join(', ')}`);
  process.exit(2);
}
const wants = (part) => parts.includes(part);
if (!['pglite', 'postgres'].includes(process.env.BENCH_DATABASE ?? 'pglite')) {
  console.error(`BENCH_DATABASE takes pglite (the default) or postgres, not ${process.env.BENCH_DATABASE}`);
  process.exit(2);
}

if (wants('filter')) {
  console.log('\nCatalogue filter + sort + page (vitest bench, mean ms per change):');
  runOrExit(resolve('node_modules/.bin/vitest'), ['bench', '--run', '--project', 'unit']);
}
if (wants('paint')) await measureSortToPaint();
if (wants('scale')) {
  console.log(
    '\nThe catalogue at 100,000 products, piece by piece (tests/bench/catalogueScale.ts): a page in SQL against the index, the trigram search, a search page, the index made and patched, a sitemap file:',
  );
  runOrExit(process.execPath, [
    'scripts/runTs.mjs',
    'tests/bench/catalogueScale.ts',
    ...(process.env.BENCH_DATABASE === 'postgres' ? ['--postgres'] : []),
  ]);
}
if (wants('fuzz')) {
  const runs = process.env.FUZZ_RUNS ?? '500';
  console.log(
    `\nContract fuzzing, ${runs} generated requests per operation, from a fresh seed unless FUZZ_SEED is set (tests/fuzz prints the seed and how many were sent):`,
  );
  runOrExit(resolve('node_modules/.bin/vitest'), ['run', '--project', 'server', 'tests/fuzz'], {
    ...process.env,
    FUZZ_RUNS: runs,
    FUZZ_SEED: process.env.FUZZ_SEED ?? 'random',
  });
}
if (wants('bundle') || wants('lighthouse') || wants('throughput') || wants('load') || wants('large'))
  buildShop({ emulatorPort: EMULATOR_PORT });
if (wants('bundle')) runOrExit(process.execPath, ['scripts/bundle-size.mjs', `${BUILD_DIR}/dist`]);
const measured = wants('lighthouse') || wants('throughput') || wants('load') ? await measureShop() : [];
if (wants('large')) measured.push(...(await measureLargeCatalogue({ port: SHOP_PORT, emulatorPort: EMULATOR_PORT, seconds: SECONDS })));
if (checkTargets(measured, parts) > 0) process.exitCode = 1;

/** Chromium on the MSW build with 2,000 products: the time from a sort change to the next frame, over 30 changes. */
async function measureSortToPaint() {
  runOrExit(vite, ['build', '--outDir', 'dist-msw', '--logLevel', 'warn'], { ...process.env, VITE_MSW: 'true' });
  const preview = spawn(vite, ['preview', '--outDir', 'dist-msw', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, VITE_MSW: 'true' },
  });
  const origin = `http://127.0.0.1:${PREVIEW_PORT}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await waitUntilOk(`${origin}/home`, 20_000, preview);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/catalogue?mockProducts=2000`);
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
    console.log(
      `\nSort change to next paint, Chromium, catalogue of 2,000 (${count} on sale), 30 changes: median ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
  } finally {
    await browser.close();
    preview.kill();
  }
}

/**
 * Lighthouse and the load test on the real server, with a product a visitor can open.
 * @returns {Promise<{ part: string, route: string, figures: Record<string, number> }[]>} each route's figures, for the targets
 */
async function measureShop() {
  const shop = await startShop({ port: SHOP_PORT, emulatorPort: EMULATOR_PORT });
  try {
    const products = await (await fetch(`${shop.origin}/api/products`)).json();
    const product = products.find((p) => !p.disable);
    if (!product) throw new Error('GET /api/products lists no enabled product');
    const detail = `/detail/${product.id}`;
    // The targets name a product's page by its route, whichever product it is.
    const id = String(product.id);
    const routeOf = (path) => (path.endsWith(`/${id}`) ? `${path.slice(0, -id.length)}{id}` : path);
    const measured = [];
    if (wants('lighthouse')) {
      const audits = await auditPages({
        origin: shop.origin,
        paths: ['/home', '/catalogue', detail, '/cart'],
        runs: LIGHTHOUSE_RUNS,
        debuggingPort: DEBUGGING_PORT,
      });
      printAudits(audits);
      for (const [path, lhrs] of audits) measured.push({ part: 'lighthouse', route: routeOf(path), figures: figuresOf(lhrs) });
    }
    if (wants('throughput')) {
      const loads = await measureThroughput({
        origin: shop.origin,
        paths: ['/home', detail, '/api/products', `/api/products/${product.id}`],
        barePort: BARE_PORT,
        seconds: SECONDS,
      });
      for (const [path, figures] of loads) measured.push({ part: 'throughput', route: routeOf(path), figures });
    }
    // Last: its checkouts change stock and orders.
    if (wants('load'))
      await measureLoadMix({
        origin: shop.origin,
        serverPid: shop.pid,
        database: shop.database,
        databasePid: shop.databasePid,
        emulatorOrigin: `http://127.0.0.1:${EMULATOR_PORT}`,
        barePort: BARE_PORT,
        seconds: SECONDS,
      });
    return measured;
  } finally {
    await shop.stop();
  }
}
