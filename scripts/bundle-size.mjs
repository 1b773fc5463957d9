// Prints the gzipped JavaScript each storefront route loads first, from the
// last build's manifest (dist/, or the folder given); with --budget, fails when
// /home is over 150 KB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const folder = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'dist';
const dist = new URL(`../${folder}/`, import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const routesSource = readFileSync(new URL('../src/app/routes.tsx', import.meta.url), 'utf8');

/** The chunk files a module loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipKb = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(readFileSync(new URL(f, dist))).length, 0) / 1000;

const entry = staticClosure('index.html');
// Top-level storefront routes with their own chunk: `{ path: 'about', ...page(() => import('../features/about/AboutPage')) }`.
const lazyRoutes = new Map(
  [...routesSource.matchAll(/path: '([^']+)', \.\.\.page\(\(\) => import\('\.\.\/(features\/[^']+)'\)\)/g)].map(([, path, module]) => [
    `/${path}`,
    `src/${module}.tsx`,
  ]),
);
const storefront = ['/home', '/catalogue', '/detail/:id', '/listproducts/:category', '/favorites', '/cart', '/order', '/profile', '/login', '/register', '/resetPassword', '/about', '/error', '/*'];

const rows = storefront.map((route) => {
  const module = lazyRoutes.get(route === '/*' ? '/*' : route);
  const files = new Set(entry);
  if (module) staticClosure(module, files);
  return { route, kb: gzipKb(files) };
});

console.log('First-load JavaScript per storefront route (gzip):');
for (const { route, kb } of rows) console.log(`  ${route.padEnd(26)} ${kb.toFixed(1).padStart(6)} KB`);
const home = rows.find((r) => r.route === '/home').kb;
console.log(`Budget for /home: ${home.toFixed(1)} KB of ${BUDGET_KB} KB`);
if (process.argv.includes('--budget') && home > BUDGET_KB) {
  console.error(`/home loads ${home.toFixed(1)} KB of JavaScript first, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
