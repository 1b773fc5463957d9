// What the server-rendered page tests share: the pages rendered, spellings of one page, and reading a page as a crawler does.
import { expect } from 'vitest';
import { NOT_FOUND_PATH, pageAddress } from '~/server/http/pages';
import { renderPage, type PageSource, type RenderedPage } from '~/src/app/renderPage';
import { headHtml } from '~/src/domain/pageHead';
import type { Product } from '~/src/domain/types';

/** The addresses the server rendered a page for, in order. */
export const rendered: string[] = [];

/** Spellings of one page: the address it is kept under, and another the router and the screens read as the same page. */
export const SAME_PAGES = [
  ['/home', '/Home/'],
  ['/catalogue', '/catalogue?sort=zz1&brand=nobody'],
  ['/catalogue?min=5', '/CATALOGUE?min=5.0'],
  ['/listproducts/lipstick', '/LISTPRODUCTS/lipstick/?category=blush'],
  ['/listproducts/lipstick', '/listproducts/LipStick'],
  ['/detail/1', '/detail/0x1'],
  ['/detail/1', '/DETAIL/0001'],
  ['/detail/NaN', '/detail/abc'],
  [NOT_FOUND_PATH, '/nope-b'],
  [NOT_FOUND_PATH, '/listproducts/Nothing'],
] as const;

/** What a visitor receives of a rendered page: its HTML, what it carries, its head's tags and status. */
export const served = (page: RenderedPage | null) =>
  page && { app: page.app, carried: page.carried, head: headHtml(page.head), status: page.head.status };

/** Each spelling's own render is the same page as its kept address's: what is served there is what the browser hydrates. */
export async function expectSameRenders(at: string, source: PageSource) {
  for (const [kept, other] of SAME_PAGES) {
    expect(pageAddress(new URL(at + other))?.href).toBe(at + kept);
    const [a, b] = await Promise.all([renderPage(new URL(at + kept), source), renderPage(new URL(at + other), source)]);
    expect(a).not.toBeNull();
    expect([other, served(b)]).toEqual([other, served(a)]);
  }
}

/** The shape of the built page the server fills: its title and description are replaced, #root filled. */
export const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Rouge" /><title>Rouge · Makeup Shop</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

/** The page as a crawler reads it at `at`: the raw HTML, no script run. */
export async function pageAt(path: string, at: string) {
  const response = await fetch(`${at}${path}`);
  return { status: response.status, html: await response.text(), etag: response.headers.get('etag') };
}

/** The text a reader sees in the HTML's #root (tags dropped, entities of interest decoded). */
export const visibleText = (html: string) =>
  (/<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

export const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

export const embeddedProducts = (html: string) =>
  JSON.parse(/<script type="application\/json" id="initial-products">([\s\S]*?)<\/script>/.exec(html)![1]!) as Product[];

/** The home page's section headings, in order. */
export const sectionHeadings = (html: string) => [...html.matchAll(/<h2\b[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);

/** Product ids no product has, and ones no product can have (no number, not whole, not positive, past what the database holds). */
export const NO_PRODUCT_IDS = [
  ...Array.from({ length: 200 }, (_, i) => String(500_000 + i * 7)),
  'abc',
  '-1',
  '1.5',
  '0',
  '1e9',
  '99999999999',
];

/** The id of a product an Admin disabled, read from the store as it is. */
export async function disabledId(store: { listProducts(): Promise<{ id: number; disable: boolean }[]> }): Promise<number> {
  return (await store.listProducts()).find((product) => product.disable)!.id;
}

/**
 * Every product page with no product to show (an id made up, no id at all,
 * a disabled product's) is answered 404 with the one page kept for them all,
 * made once per catalogue version: asking for more ids renders nothing.
 */
export async function expectOneMissingProductPage(at: string, disabled: number) {
  const first = await pageAt('/detail/999999', at);
  expect([first.status, visibleText(first.html)]).toEqual([404, expect.stringContaining('Product not available')]);
  const before = rendered.length;
  const paths = [...NO_PRODUCT_IDS, String(disabled)].map((id) => `/detail/${id}`);
  const answers = await Promise.all(paths.map(async (path) => ({ path, ...(await pageAt(path, at)) })));
  expect(answers.filter((answer) => answer.status !== 404 || answer.etag !== first.etag).map((answer) => answer.path)).toEqual([]);
  expect(rendered.slice(before)).toEqual([]);
}
