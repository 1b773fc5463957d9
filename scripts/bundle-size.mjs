// Where the first load's JavaScript goes, from the last build (dist/, or the
// folder given): the gzipped JavaScript each storefront route loads first (the
// entry and the route's chunk with their static imports), and /home's bytes by
// package, attributed through the build's hidden source maps.
//
// A diagnosis, not the budget: the 130 KB budget is checked on the network by
// tests/e2e/firstLoad.spec.ts, which also sees what a static reading cannot
// (a dynamic import that always runs, such as one of Firebase loaded on every
// page rather than only when a session is restored).
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const scripts = (files) => [...files].filter((file) => file.endsWith('.js'));
const code = (file) => readFileSync(new URL(file, dist), 'utf8');
const gzipBytes = (file) => gzipSync(code(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(6)} KB`;

const entry = staticClosure('index.html');
// Top-level storefront routes with a chunk of their own: `{ path: 'about', ...page(() => import('../features/about/AboutPage')) }`.
const lazyRoutes = new Map(
  [...routesSource.matchAll(/path: '([^']+)', \.\.\.\w+\(\(\) => import\('([^']+)'\)\)/g)].map(([, path, module]) => [
    `/${path}`,
    `${posix.join('src/app', module)}.tsx`,
  ]),
);
const storefront = [
  '/home',
  '/catalogue',
  '/detail/:id',
  '/listproducts/:category',
  '/favorites',
  '/cart',
  '/order',
  '/profile',
  '/login',
  '/register',
  '/resetPassword',
  '/about',
  '/error',
  '/*',
];

function firstLoad(route) {
  const module = lazyRoutes.get(route);
  if (!module || !manifest[module]) throw new Error(`No chunk found for ${route} (routes.tsx or the manifest changed shape).`);
  return scripts(staticClosure(module, new Set(entry)));
}

console.log(`First-load JavaScript per storefront route (gzip -9, ${folder}/):`);
for (const route of storefront) {
  const files = firstLoad(route);
  console.log(`  ${route.padEnd(26)} ${kb(files.reduce((sum, file) => sum + gzipBytes(file), 0))}`);
}

/** The package (or our own folder) a source of the maps belongs to. */
function owner(source) {
  const inPackage = source.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  const own = source.match(/(?:^|\/)((?:src|machines|mocks|seed)\/[^/]+)/);
  return own ? own[1] : '(bundler runtime)';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments as [generated column, source index] per generated line (the other fields are not needed). */
function decodeMappings(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length > 1) source += fields[1];
        return [column, fields.length > 1 ? source : -1];
      });
  });
}

/** A file's gzipped bytes, shared among the packages its code comes from by the share of code each wrote. */
function byOwner(file, totals) {
  const text = code(file);
  const gzipped = gzipBytes(file);
  let map;
  try {
    map = JSON.parse(readFileSync(new URL(`${file}.map`, dist), 'utf8'));
  } catch {
    totals.set('(no source map)', (totals.get('(no source map)') ?? 0) + gzipped);
    return;
  }
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const segments = decodeMappings(map.mappings).flatMap((line, i) =>
    line.map(([column, source]) => ({ at: lineStarts[i] + column, owner: source < 0 ? '(bundler runtime)' : owner(map.sources[source]) })),
  );
  const written = new Map();
  segments.forEach((segment, i) => {
    const end = segments[i + 1]?.at ?? text.length;
    written.set(segment.owner, (written.get(segment.owner) ?? 0) + end - segment.at);
  });
  for (const [name, chars] of written) totals.set(name, (totals.get(name) ?? 0) + (gzipped * chars) / text.length);
}

const totals = new Map();
for (const file of firstLoad('/home')) byOwner(file, totals);
console.log('/home first load by package (gzip, shared by code size):');
for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${name.padEnd(40)} ${kb(bytes)}`);
