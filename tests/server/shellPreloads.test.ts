import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISALLOWED } from '~/server/http/seo';
import { shellPages, type Manifest } from '~/server/http/shellPreloads';
import { routes } from '~/src/app/routes';

const TEMPLATE = `<!doctype html><html lang="en"><head><title>Rouge · Makeup Shop</title><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="modulepreload" crossorigin href="/assets/storefront-s.js"></head><body><div id="root"></div></body></html>`;

/** A manifest as Vite writes it: the entry, a chunk it shares with the screens, and the cart's and admin's screens with chunks of their own. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-e.js', imports: ['_storefront-s.js'] },
  '_storefront-s.js': { file: 'assets/storefront-s.js' },
  '_Message-m.js': { file: 'assets/Message-m.js', imports: ['_storefront-s.js'] },
  '_Field-f.js': { file: 'assets/Field-f.js', imports: ['_storefront-s.js', '_messages-x.js'] },
  '_messages-x.js': { file: 'assets/messages-x.js' },
  'src/features/cart/CartPage.tsx': { file: 'assets/CartPage-c.js', imports: ['_storefront-s.js', '_Message-m.js', '_Field-f.js'] },
  'src/app/admin/AdminLayout.tsx': { file: 'assets/AdminLayout-a.js', imports: ['_storefront-s.js', '_Message-m.js'] },
  'src/features/adminUsers/AdminUsersPage.tsx': { file: 'assets/AdminUsersPage-u.js', imports: ['_storefront-s.js'] },
};

async function builtStorefront(manifest: Manifest | null): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shell-'));
  if (manifest) {
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

/** The page as a browser reads it, brotli unpacked. */
const html = (page: { br: Buffer }) => brotliDecompressSync(page.br).toString('utf8');
/** The files the server's links preload (the built page's own left out). */
const preloads = (page: { br: Buffer }) =>
  [...html(page).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)]
    .map((m) => m[1]!)
    .filter((file) => !TEMPLATE.includes(file));

describe('the shell a page the browser renders is sent as', () => {
  let shell: Awaited<ReturnType<typeof shellPages>>;
  beforeAll(async () => {
    shell = await shellPages(TEMPLATE, await builtStorefront(MANIFEST));
  });

  it('preloads, in its head, the files of the route’s screen and all they import, but for those the entry brings already', async () => {
    const page = await shell('/cart');
    expect(preloads(page)).toEqual(['assets/CartPage-c.js', 'assets/Message-m.js', 'assets/Field-f.js', 'assets/messages-x.js']);
    expect(html(page).lastIndexOf('modulepreload')).toBeLessThan(html(page).indexOf('</head>'));
    expect(html(page).match(/storefront-s\.js/g)).toHaveLength(1);
    expect(page.status).toBe(200);
    expect(page.headers.br['content-type']).toBe('text/html; charset=utf-8');
  });

  it('is sent 404 on a path only the not-found page matches, one naming a file too, with or without a manifest', async () => {
    for (const built of [shell, await shellPages(TEMPLATE, await builtStorefront(null))]) {
      for (const path of ['/no/such/page', '/nope.txt', '/Home.html', '/mockServiceWorker.js'])
        expect([path, (await built(path)).status]).toEqual([path, 404]);
      for (const path of ['/cart', '/home', '/listproducts/blush.x']) expect([path, (await built(path)).status]).toEqual([path, 200]);
    }
  });

  it('preloads every screen of a nested route: the admin layout’s and the page’s', async () => {
    expect(preloads(await shell('/admin/users'))).toEqual(['assets/AdminLayout-a.js', 'assets/Message-m.js', 'assets/AdminUsersPage-u.js']);
  });

  it('is one page per screen, whatever the path’s case or query', async () => {
    const page = await shell('/cart');
    expect(await shell('/Cart?from=menu')).toBe(page);
    expect((await shell('/admin/users')).etag).not.toBe(page.etag);
  });

  it('asks crawlers not to index a page robots.txt disallows, in whatever case the path is written; /cart and the rest stay indexable', async () => {
    const privatePaths = [
      '/login',
      '/LOGIN',
      '/Admin/products',
      '/PAYMENT',
      '/Profile',
      '/FAVORITES',
      '/REGISTER',
      '/Dashboard',
      '/RESETPASSWORD',
      '/order?id=1',
    ];
    expect(privatePaths.every((path) => DISALLOWED.some((prefix) => path.toLowerCase().startsWith(prefix.toLowerCase())))).toBe(true);
    // With the build's manifest, and without one.
    for (const built of [shell, await shellPages(TEMPLATE, await builtStorefront(null))]) {
      for (const path of privatePaths) {
        const page = await built(path);
        expect([path, page.headers.br['x-robots-tag'], page.headers.gzip['x-robots-tag'], page.headers.identity['x-robots-tag']]).toEqual([
          path,
          'noindex',
          'noindex',
          'noindex',
        ]);
      }
      for (const path of ['/cart', '/Cart', '/about-login'])
        expect([path, (await built(path)).headers.identity['x-robots-tag']]).toEqual([path, undefined]);
    }
  });

  it('is the built page itself on a route with no screen of its own, or when the build has no manifest', async () => {
    expect(html(await shell('/dashboard'))).toBe(TEMPLATE);
    const plain = await shellPages(TEMPLATE, await builtStorefront(null));
    expect(html(await plain('/cart'))).toBe(TEMPLATE);
  });
});

/** Every route with a screen of its own, as an address (the parameters filled in), with the route itself. */
function lazyRoutes(list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.path === '*' ? `${parent}/no-such-page` : route.path ? `${parent}/${route.path.replace(/:\w+/g, '1')}` : parent;
    return [...(typeof route.lazy === 'function' ? [{ path, route }] : []), ...lazyRoutes(route.children ?? [], path)];
  });
}

/** Every .tsx module under src/, as manifest keys. */
async function sourceModules(dir = 'src'): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sourceModules(`${dir}/${entry.name}`) : entry.name.endsWith('.tsx') ? [`${dir}/${entry.name}`] : [],
    ),
  );
  return nested.flat();
}

describe('every route of the storefront', () => {
  it('has its own screen’s module preloaded, found by what the route loads', async () => {
    // A manifest with every module of the storefront a chunk of its own, named for the module.
    const modules = await sourceModules();
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js' },
      ...Object.fromEntries(modules.map((module) => [module, { file: `assets/${module}.js` }])),
    };
    const shell = await shellPages(TEMPLATE, await builtStorefront(manifest));
    const all = lazyRoutes(routes);
    expect(all.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/cart', '/favorites', '/payment', '/login', '/admin/users', '/home']),
    );
    for (const { path, route } of all) {
      const files = preloads(await shell(path));
      const module = files
        .at(-1)
        ?.replace(/^assets\//, '')
        .replace(/\.js$/, '');
      expect(module, path).toBeDefined();
      const { default: screen } = (await import(/* @vite-ignore */ `../../${module}`)) as { default: unknown };
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(screen, path).toBe(loaded.Component);
    }
  });
});
