import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import { renderPage, type PageSource } from '~/src/app/renderPage';
import { brandName } from '~/src/domain/brands';
import { HOME_SECTION_SIZE } from '~/src/domain/constants';
import { totalPrice } from '~/src/domain/price';
import { storefrontLists } from '~/src/domain/productLists';
import type { Product } from '~/src/domain/types';
import type { Shop } from '~/server/shop';
import type { BackendUnderTest } from '../contract/backend';
import {
  disabledId,
  embeddedProducts,
  expectOneMissingProductPage,
  expectSameRenders,
  jsonLd,
  pageAt,
  rendered,
  sectionHeadings,
  served,
  TEMPLATE,
  visibleText,
} from './pageFixtures';
import { rawRequest } from './rawRequest';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

/** What the server renders pages from, as it handed it to the renderer. */
let serverSource: PageSource;
/** Renders under way now, and the most there were at once. */
const renders = { now: 0, most: 0 };
const countedRender: typeof renderPage = async (url, source) => {
  rendered.push(url.pathname);
  serverSource = source;
  renders.most = Math.max(renders.most, ++renders.now);
  try {
    return await renderPage(url, source);
  } finally {
    renders.now--;
  }
};

let backend: BackendUnderTest;
let shop: Shop;
let close: () => Promise<void>;
let origin: string;
const admin = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };

beforeAll(async () => {
  const staticDir = await staticDirWith(TEMPLATE);
  ({ backend, shop, close } = await startShopUnderTest(await openPglite(), { staticDir, renderPage: countedRender }));
  await backend.reset();
  origin = backend.baseUrl.replace(/\/api$/, '');
}, 60_000);
afterAll(() => close());

const products = async (): Promise<Product[]> => (await fetch(`${backend.baseUrl}/products`)).json() as Promise<Product[]>;

/** The page as a crawler reads it: the raw HTML, no script run. */
const page = (path: string, at = origin) => pageAt(path, at);

describe('server-rendered storefront pages', () => {
  it('/home holds its three sections and their products before any script runs, and the list the page was made from', async () => {
    const { status, html } = await page('/home');
    expect(status).toBe(200);
    expect(sectionHeadings(html)).toEqual(['Special Offers', 'Popular', 'New Arrivals']);
    const text = visibleText(html);
    const listed = await products();
    const lists = storefrontLists(listed);
    for (const section of [lists.offers, lists.popular, lists.newest]) {
      const shown = section.slice(0, HOME_SECTION_SIZE).map((p) => p.name);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((name) => !text.includes(name))).toEqual([]);
    }
    expect(embeddedProducts(html)).toEqual(listed);
    expect(html.match(/<title>[^<]+<\/title>/g)).toHaveLength(1);
    // Whole, in document order: no part left for an inline script to put in place (the Content-Security-Policy allows none).
    expect(html).not.toMatch(/<script>|<template/);
  });

  it("/detail/{id} holds the product and a JSON-LD Product whose price is the API's", async () => {
    const product = (await products()).find((p) => p.discount > 0 && p.stock > 0)!;
    const api = (await (await fetch(`${backend.baseUrl}/products/${product.id}`)).json()) as Product;
    const { status, html } = await page(`/detail/${product.id}`);
    expect(status).toBe(200);
    expect(visibleText(html)).toContain(api.name);
    const ld = jsonLd(html).find((item) => item['@type'] === 'Product')!;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', name: api.name, brand: { name: brandName(api.brand) } });
    const offers = ld.offers as { price: number | string; priceCurrency: string; availability: string };
    expect(Number(offers.price)).toBe(totalPrice(api.price, api.discount));
    expect(offers.availability).toBe('https://schema.org/InStock');
    expect(html).toContain(`<link rel="canonical" href="${origin}/detail/${product.id}"`);
  });

  it('/detail/{id}?shade= opens on that shade: its name written out, its radio checked, its picture; JSON-LD offers per shade', async () => {
    const product = (await products()).find((p) => p.shades.filter((shade) => shade.stock > 0).length >= 2)!;
    const shade = product.shades.filter((s) => s.stock > 0).at(-1)!;
    const { status, html } = await page(`/detail/${product.id}?shade=${shade.id}`);
    expect(status).toBe(200);
    expect(visibleText(html)).toContain(`Shade: ${shade.name}`);
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios.filter((tag) => tag.includes('checked')).map((tag) => /value="(\d+)"/.exec(tag)?.[1])).toEqual([String(shade.id)]);
    expect(html).toContain(`src="${shade.image}"`);
    const ld = jsonLd(html).find((item) => item['@type'] === 'Product')!;
    const offers = (ld.offers as { offers: { sku: string; availability: string }[] }).offers;
    expect(offers.map((offer) => offer.sku)).toEqual(product.shades.map((s) => `${product.id}-${s.id}`));
    expect(html).toContain(`<link rel="canonical" href="${origin}/detail/${product.id}"`);
  });

  it('an unknown product, an unknown category and an unknown path answer 404 with noindex', async () => {
    for (const path of ['/detail/999999', '/listproducts/Nothing', '/no/such/page']) {
      const { status, html } = await page(path);
      expect([path, status]).toEqual([path, 404]);
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it("an unknown path naming a file is the not-found page, 404; an API path and the build's assets keep a 404 that is no page", async () => {
    const notFound = await page('/no/such/page');
    for (const path of ['/home.html', '/nope.txt', '/listproducts/blush.x', '/Home.HTML?x=1', '/uploads.txt']) {
      const { status, html, etag } = await page(path);
      expect([path, status, visibleText(html), etag]).toEqual([
        path,
        404,
        expect.stringContaining('Sorry, page not found!'),
        notFound.etag,
      ]);
    }
    const { status, html } = await page('/detail/1.5');
    expect([status, visibleText(html)]).toEqual([404, expect.stringContaining('Product not available')]);
    for (const path of ['/api/nope.json', '/assets/CataloguePage-gone.js', '/ASSETS/index-gone.css', '/assets/gone.js.map']) {
      const response = await fetch(origin + path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        404,
        expect.stringContaining('application/json'),
      ]);
    }
  });

  it("a campaign's tags make no new page: the same page and ETag as without them", async () => {
    const plain = await page('/home');
    const tagged = await page('/home?utm_source=mail&gclid=abc');
    expect(tagged.etag).toBe(plain.etag);
    const catalogue = await page('/catalogue?sort=priceAsc&fbclid=xyz');
    expect(catalogue.etag).toBe((await page('/catalogue?sort=priceAsc')).etag);
    expect(catalogue.etag).not.toBe((await page('/catalogue?sort=priceDesc')).etag);
  });

  it("a $ in a product's text is text: the page carries it as written and still parses", async () => {
    const token = await backend.tokenFor(admin);
    const description = "<p>Worth $$ and $` and $' and $&amp; more</p>";
    const saved = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 3, description }),
    });
    expect(saved.status).toBe(200);
    const stored = ((await (await fetch(`${backend.baseUrl}/products/3`)).json()) as Product).description;
    const { html } = await page('/detail/3');
    expect(embeddedProducts(html).find((p) => p.id === 3)?.description).toBe(stored);
    expect(html.match(/<title>[^<]+<\/title>/g)).toHaveLength(1);
    expect(visibleText(html)).toContain("Worth $$ and $` and $' and $& more");
  });

  it("the shop's address sends the browser to /home, its query kept", async () => {
    const response = await fetch(`${origin}/?utm_source=mail`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([302, '/home?utm_source=mail']);
  });

  it('a path that names another host is a path on this shop: its not-found page, no address elsewhere', async () => {
    for (const path of ['//evil.example/detail/1', '/detail//1']) {
      const { status, html } = await page(path);
      expect([path, status]).toEqual([path, 404]);
      expect(html).not.toMatch(/https?:\/\/evil\.example/);
      expect(jsonLd(html).some((item) => item['@type'] === 'Product')).toBe(false);
    }
  });

  it('names the configured PUBLIC_ORIGIN in canonical links and Open Graph tags', async () => {
    const staticDir = await staticDirWith(TEMPLATE);
    const named = await startShopUnderTest(await openPglite(), { staticDir, renderPage, publicOrigin: 'https://rouge.shop' });
    try {
      const namedOrigin = named.backend.baseUrl.replace(/\/api$/, '');
      const html = (await rawRequest(`${namedOrigin}/home`, { host: 'rouge.shop' })).body.toString();
      expect(html).toContain('<link rel="canonical" href="https://rouge.shop/home"');
      expect(html).toContain('<meta property="og:url" content="https://rouge.shop/home"');
      expect(html).not.toContain(namedOrigin);
    } finally {
      await named.close();
    }
  }, 60_000);

  it('every made-up address is the one not-found page, made once', async () => {
    await page('/flood-first');
    const before = rendered.length;
    const missing = await Promise.all(Array.from({ length: 320 }, (_, i) => page(`/flood-${i}`)));
    expect(new Set(missing.map((m) => `${m.status} ${m.etag}`))).toEqual(new Set([`404 ${(await page('/flood-first')).etag}`]));
    expect(rendered.length).toBe(before);
  });

  it('makes at most 4 pages at once: the rest of a flood of new addresses gets the shell the browser renders', async () => {
    renders.most = 0;
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => page(`/listproducts/lipstick?page=${2000 + i}`)));
    expect(renders.most).toBeLessThanOrEqual(4);
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([200]));
    const shells = flood.filter((answer) => answer.html.includes('<div id="root"></div>'));
    expect(shells.length).toBeGreaterThan(0);
    expect(shells.length).toBeLessThan(flood.length);
    // Asked again once the flood is over, each is made.
    expect((await page('/listproducts/lipstick?page=2039')).html).not.toContain('<div id="root"></div>');
  });

  it('every spelling of a page is one page: made once, the same HTML and ETag', async () => {
    const longBrand = 'x'.repeat(5000);
    const spellings: [string, ...string[]][] = [
      ['/home', '/Home', '/home/', '/HOME?utm_source=mail'],
      [
        '/catalogue',
        '/catalogue?sort=zz1',
        '/CATALOGUE',
        '/catalogue/',
        `/catalogue?brand=${longBrand}`,
        '/catalogue?min=abc&max=',
        '/catalogue?page=0',
      ],
      ['/catalogue?min=5', '/catalogue?min=5.0', '/catalogue?min=05&category=nothing', '/Catalogue?min=5&sort=x'],
      ['/catalogue?page=1e308', '/catalogue?page=1E308', '/catalogue?page=1e308&sort=zz'],
      [
        '/listproducts/lipstick?sort=priceAsc',
        '/LISTPRODUCTS/lipstick?sort=priceAsc&category=blush',
        '/listproducts/lipstick/?sort=priceAsc&brand=nobody',
        '/listproducts/LipStick?sort=priceAsc',
      ],
      ['/detail/1', '/detail/0001', '/detail/1%20', '/detail/+1', '/detail/1e0', '/detail/0x1', '/DETAIL/1', '/detail/1/'],
      // A shade that is not the product's: the page opens as without one.
      ['/detail/7', '/detail/007', '/detail/7?shade=987654', '/detail/7?shade=1', '/detail/007?shade=2'],
      // Pages carrying the whole list: every product that is not there is one page.
      ['/detail/99999', '/detail/99998', '/detail/0', '/detail/abc', '/Detail/not-a-number', '/detail/-1'],
      ['/nope-a', '/nope-b', '/listproducts/Nothing', '/no/such/page', '/detail/1/extra', '/Home/x'],
    ];
    const missing = new Set(['/detail/99999', '/nope-a']);
    for (const [canonical, ...others] of spellings) {
      const first = await page(canonical);
      expect([canonical, first.status]).toEqual([canonical, missing.has(canonical) ? 404 : 200]);
      const before = rendered.length;
      for (const other of others) {
        const variant = await page(other);
        expect([other, variant.status, variant.etag]).toEqual([other, first.status, first.etag]);
        expect(variant.html).toBe(first.html);
      }
      expect([canonical, rendered.length]).toEqual([canonical, before]);
    }
    // The page of each spelling names the canonical address.
    expect((await page('/DETAIL/0x1')).html).toContain(`<link rel="canonical" href="${origin}/detail/1"`);
    expect((await page('/Catalogue?min=05&sort=x')).html).toContain(`<link rel="canonical" href="${origin}/catalogue?min=5"`);
  });

  it('the page kept for a spelling is the one rendered for that spelling itself: what the browser hydrates there', async () => {
    await page('/home');
    await expectSameRenders(origin, serverSource);
    // Every page of a product that is not there carries the same whole list: one page.
    const [unknown, none] = await Promise.all([
      renderPage(new URL(`${origin}/detail/99999`), serverSource),
      renderPage(new URL(`${origin}/detail/0`), serverSource),
    ]);
    expect(served(unknown)).toEqual(served(none));
  });

  it('every product that is not there, made up, no id or disabled, is one kept 404 page: no render per id', async () => {
    await expectOneMissingProductPage(origin, await disabledId(shop.store));
  });

  it('pages in steady demand outlast a flood of new addresses: /home and /detail/1 are served without a new render', async () => {
    for (const path of ['/home', '/detail/1', '/home', '/detail/1']) await page(path);
    const flood = await Promise.all(Array.from({ length: 320 }, (_, i) => page(`/catalogue?min=${i + 0.5}`)));
    expect(flood.every((answer) => answer.status === 200)).toBe(true);
    const before = rendered.length;
    await page('/home');
    await page('/detail/1');
    expect(rendered.length).toBe(before);
  }, 60_000);

  it('an absolute-form request line is the page of its path when it names this shop, 421 when it names another', async () => {
    const { hostname, port } = new URL(origin);
    const asked = (path: string) =>
      new Promise<{ status: number; body: string }>((done, fail) => {
        request({ hostname, port, path }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => done({ status: response.statusCode!, body }));
        })
          .on('error', fail)
          .end();
      });
    const own = await asked(`http://localhost:${port}/home`);
    expect(own.status).toBe(200);
    expect(own.body).toContain(`<link rel="canonical" href="${origin}/home"`);
    const other = await asked('http://evil.example/home');
    expect(other.status).toBe(421);
    expect(other.body).not.toContain('evil.example');
  });

  it('pages that belong to a signed-in shopper or an Admin stay the shell the browser renders', async () => {
    for (const path of ['/cart', '/profile', '/admin/dashboard']) {
      const { status, html } = await page(path);
      expect([path, status]).toEqual([path, 200]);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('initial-products');
    }
  });

  it('a private page, in any case, is sent with X-Robots-Tag: noindex; /cart and the storefront are not', async () => {
    const robots = async (path: string) => (await fetch(`${origin}${path}`)).headers.get('x-robots-tag');
    for (const path of ['/LOGIN', '/Admin/products', '/PAYMENT', '/Profile', '/FAVORITES', '/REGISTER', '/Dashboard', '/RESETPASSWORD'])
      expect([path, await robots(path)]).toEqual([path, 'noindex']);
    for (const path of ['/cart', '/Cart', '/home', '/detail/1']) expect([path, await robots(path)]).toEqual([path, null]);
  });

  it('a page is made once per catalogue version: the same ETag until a product changes, then the new name, escaped', async () => {
    const NAME = "Rose & Co's Gloss";
    const first = await page('/detail/2');
    expect((await page('/detail/2')).etag).toBe(first.etag);
    const token = await backend.tokenFor(admin);
    const renamed = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 2, name: NAME }),
    });
    expect(renamed.status).toBe(200);
    const after = await page('/detail/2');
    expect(after.etag).not.toBe(first.etag);
    expect(visibleText(after.html)).toContain(NAME);
    expect(after.html).toContain('Rose &amp; Co');
    // The descriptions' markup travels as \u003c in the JSON the page carries: nothing in it can close its script element.
    expect(/id="initial-products">([\s\S]*?)<\/script>/.exec(after.html)![1]).not.toContain('<');
    expect(embeddedProducts(after.html).find((p) => p.id === 2)?.name).toBe(NAME);
    expect(jsonLd(after.html).find((item) => item['@type'] === 'Product')?.name).toBe(NAME);
  });
});
