// `npm run bench`: the first-load JavaScript of each storefront route, then the
// API's throughput and p99 latency under load (autocannon, 50 connections, on
// loopback) beside a bare node:http server sending the same bytes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { PROJECT_ID, startAuthEmulator } from './authEmulator.mjs';

const SHOP_PORT = 3499;
const BARE_PORT = 3498;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
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
run(vite, ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn']);

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
