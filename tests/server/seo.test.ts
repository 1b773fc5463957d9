// @vitest-environment jsdom
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/seed/seed';
import { CATEGORIES } from '~/src/domain/brandsAndCategories';
import { openPglite } from '~/server/db/pglite';
import { registerSeoRoutes, SITEMAP_MAX_URLS, sitemapFiles } from '~/server/http/seo';
import type { Shop } from '~/server/shop';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let shop: Shop;
let close: () => Promise<void>;
let origin: string;

beforeAll(async () => {
  ({ backend, shop, close } = await startShopUnderTest(await openPglite()));
  await backend.reset();
  origin = backend.baseUrl.replace(/\/api$/, '');
}, 60_000);
afterAll(() => close());

/** A sitemap file's addresses, after checking it is well-formed XML in the sitemap namespace: a `root` of `entry` elements, each holding one <loc>. */
function sitemapLocations(xml: string, root = 'urlset', entry = 'url'): string[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.localName).toBe(root);
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = [...doc.documentElement.children];
  expect(entries.every((item) => item.localName === entry && item.children.length === 1 && item.children[0]!.localName === 'loc')).toBe(
    true,
  );
  return entries.map((item) => item.children[0]!.textContent!);
}

/** A sitemap file's text, from the pieces it is written in. */
async function written(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

async function sitemap(headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/sitemap.xml`, { headers });
  return { response, locs: response.status === 200 ? sitemapLocations(await response.text()) : [] };
}

describe('/sitemap.xml', () => {
  it('lists every enabled product, every category and the storefront pages, on the shop origin', async () => {
    const products = await shop.store.listProducts();
    const enabled = products.filter((p) => !p.disable);
    const disabled = products.find((p) => p.disable);
    expect(disabled).toBeDefined();
    expect(enabled.length).toBeGreaterThan(0);

    const { response, locs } = await sitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml\b/);
    expect(locs).toContain(`${origin}/detail/${enabled[0]!.id}`);
    expect(locs).not.toContain(`${origin}/detail/${disabled!.id}`);
    expect(locs.sort()).toEqual(
      [
        `${origin}/home`,
        `${origin}/catalogue`,
        `${origin}/about`,
        ...CATEGORIES.map((category) => `${origin}/listproducts/${category}`),
        ...enabled.map((p) => `${origin}/detail/${p.id}`),
      ].sort(),
    );
  });

  it('is built again when the catalogue changes: a product disabled by an Admin leaves it', async () => {
    const first = await sitemap();
    const etag = first.response.headers.get('etag')!;
    expect((await fetch(`${origin}/sitemap.xml`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const product = (await shop.store.listProducts()).find((p) => !p.disable)!;
    expect(first.locs).toContain(`${origin}/detail/${product.id}`);

    const token = await backend.tokenFor({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email });
    const update = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: product.id, disable: true }),
    });
    expect(update.status).toBe(200);

    const after = await sitemap();
    expect(after.response.headers.get('etag')).not.toBe(etag);
    expect(after.locs).not.toContain(`${origin}/detail/${product.id}`);
    expect(after.locs).toHaveLength(first.locs.length - 1);
  });

  it('is sent gzipped to a client that accepts it', async () => {
    const response = await fetch(`${origin}/sitemap.xml`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch undoes the gzip: the same document arrives.
    expect(sitemapLocations(await response.text())).toContain(`${origin}/home`);
  });
});

describe('a catalogue past one sitemap file', () => {
  it('is an index of files of at most the limit each, which together list every address once, in order', async () => {
    const ids = await shop.store.enabledProductIds();
    const single = sitemapFiles('https://shop.example', ids);
    expect(single.index).toBeNull();
    const every = sitemapLocations(await written(single.files[0]!()));

    const { index, files } = sitemapFiles('https://shop.example', ids, 40);
    expect(files).toHaveLength(Math.ceil(every.length / 40));
    expect(sitemapLocations(index!, 'sitemapindex', 'sitemap')).toEqual(files.map((_, i) => `https://shop.example/sitemaps/${i + 1}.xml`));
    const parts = await Promise.all(files.map(async (file) => sitemapLocations(await written(file()))));
    expect(parts.every((part) => part.length <= 40)).toBe(true);
    expect(parts.flat()).toEqual(every);
  });

  it('has no numbered files while one holds every address: /sitemaps/1.xml and anything else there is not found', async () => {
    for (const path of ['/sitemaps/1.xml', '/sitemaps/0.xml', '/sitemaps/x.xml', '/sitemaps/1'])
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
  });
});

describe("a catalogue past one sitemap file, served from the enabled products' ids", () => {
  it('answers the index and each file, reading the ids once per catalogue change other than stock or ratings', async () => {
    const ids = Array.from({ length: SITEMAP_MAX_URLS + 100 }, (_, i) => i + 1);
    let version = '1';
    let reads = 0;
    const app = Fastify();
    registerSeoRoutes(app, {
      productIds: async () => (reads++, ids),
      catalogueVersion: () => version,
      origin: () => 'https://shop.example',
    });
    const get = async (url: string) => {
      const response = await app.inject({ url });
      return { status: response.statusCode, body: response.body };
    };
    try {
      const root = await get('/sitemap.xml');
      expect(root.status).toBe(200);
      expect(sitemapLocations(root.body, 'sitemapindex', 'sitemap')).toEqual([
        'https://shop.example/sitemaps/1.xml',
        'https://shop.example/sitemaps/2.xml',
      ]);
      // Too large for the DOM parser in good time (the small files above are checked with it): their addresses as the text holds them.
      const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map((match) => match[1]!);
      const [first, second] = [locs((await get('/sitemaps/1.xml')).body), locs((await get('/sitemaps/2.xml')).body)];
      expect(first).toHaveLength(SITEMAP_MAX_URLS);
      expect([...first, ...second].filter((loc) => loc.includes('/detail/'))).toEqual(ids.map((id) => `https://shop.example/detail/${id}`));
      expect((await get('/sitemaps/3.xml')).status).toBe(404);
      expect(reads).toBe(1);

      // A checkout or a rating moves the version by one (migration 014): no id changed.
      version = '2';
      expect((await get('/sitemaps/2.xml')).status).toBe(200);
      expect(reads).toBe(1);
      version = String(2 ** 20);
      expect((await get('/sitemaps/2.xml')).status).toBe(200);
      expect(reads).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('/robots.txt', () => {
  const STOREFRONT = [
    '/home',
    '/catalogue',
    '/detail/1',
    '/listproducts/lipstick',
    '/about',
    '/cart',
    '/images/products/lipstick-a4161a.svg',
    '/uploads/a.webp',
  ];
  const PRIVATE = [
    '/admin',
    '/admin/products/list',
    '/api/products',
    '/payment',
    '/profile',
    '/favorites',
    '/order',
    '/login',
    '/Login',
    '/register',
    '/resetPassword',
    '/dashboard',
  ];

  /** The paths a crawler obeying the file's one group may not fetch. */
  const blocked = (robots: string) => (path: string) =>
    robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .some((line) => path.startsWith(line.slice('Disallow: '.length)));

  it('asks every crawler to keep off the private pages, leaves the storefront open and names the sitemap', async () => {
    const response = await fetch(`${origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain\b/);
    const robots = await response.text();
    expect(robots.split('\n')[0]).toBe('User-agent: *');
    expect(PRIVATE.filter(blocked(robots))).toEqual(PRIVATE);
    expect(STOREFRONT.filter(blocked(robots))).toEqual([]);
    expect(robots.split('\n')).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('the origin in robots.txt and the sitemap', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rouge.example' };

  it('ignores X-Forwarded-Proto and -Host on a shop that trusts no proxy', async () => {
    expect(await (await fetch(`${origin}/robots.txt`, { headers: forwarded })).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect((await sitemap(forwarded)).locs).toContain(`${origin}/home`);
  });

  it('are the configured PUBLIC_ORIGIN whatever the scheme a trusted proxy says', async () => {
    const named = await startShopUnderTest(await openPglite(), { trustProxy: ['127.0.0.1'], publicOrigin: 'https://rouge.shop' });
    try {
      const namedOrigin = named.backend.baseUrl.replace(/\/api$/, '');
      const proxied = { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'rouge.shop' };
      expect(await (await fetch(`${namedOrigin}/robots.txt`, { headers: proxied })).text()).toContain(
        'Sitemap: https://rouge.shop/sitemap.xml',
      );
      const locs = sitemapLocations(await (await fetch(`${namedOrigin}/sitemap.xml`, { headers: proxied })).text());
      expect(locs).toContain('https://rouge.shop/home');
      expect(locs.every((loc) => loc.startsWith('https://rouge.shop/'))).toBe(true);
    } finally {
      await named.close();
    }
  }, 60_000);
});
