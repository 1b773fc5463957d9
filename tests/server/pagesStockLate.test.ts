import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import { STOCK_AND_RATINGS_LATE_MS } from '~/server/http/catalogueVersion';
import { renderPage } from '~/src/app/renderPage';
import type { Product } from '~/src/domain/types';
import { stockUpdate } from '~/tests/fixtures/stockUpdate';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

/** The addresses the server rendered a page for, in order. */
const rendered: string[] = [];
const countedRender: typeof renderPage = (url, source) => {
  rendered.push(url.pathname);
  return renderPage(url, source);
};

const TEMPLATE = '<!doctype html><html lang="en"><head><title>Makeup Shop</title></head><body><div id="root"></div></body></html>';

let backend: BackendUnderTest;
let close: () => Promise<void>;
let origin: string;
let asShopper: Record<string, string>;
let asAdmin: Record<string, string>;
/** The product whose last unit is bought, one bought from plenty, and one the Admin changes. */
let last: Product;
let plenty: Product;
let edited: Product;

beforeAll(async () => {
  const staticDir = await staticDirWith(TEMPLATE);
  ({ backend, close } = await startShopUnderTest(await openPglite(), { staticDir, renderPage: countedRender }));
  await backend.reset();
  origin = backend.baseUrl.replace(/\/api$/, '');
  // Tokens are asked for before the clock stops: the token checks read it.
  const json = { 'content-type': 'application/json' };
  asShopper = { ...json, authorization: `Bearer ${await backend.tokenFor({ uid: DEMO_USER.id, email: DEMO_USER.email })}` };
  asAdmin = { ...json, authorization: `Bearer ${await backend.tokenFor({ uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email })}` };
  const listed = (await (await fetch(`${backend.baseUrl}/products`)).json()) as Product[];
  [last, plenty, edited] = listed.filter((p) => p.stock >= 5) as [Product, Product, Product];
  const leftOne = await fetch(`${backend.baseUrl}/products`, {
    method: 'PUT',
    headers: asAdmin,
    body: JSON.stringify(stockUpdate(last, 1)),
  });
  expect(leftOne.status).toBe(200);
}, 60_000);
afterAll(() => close());
afterEach(() => void vi.useRealTimers());

/** The page as a visitor's browser receives it. */
async function page(path: string) {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, html: await response.text(), etag: response.headers.get('etag') };
}

/** A page's status, ETag and a digest of its bytes: equal for pages sent byte for byte the same. */
const sameBytes = ({ status, etag, html }: Awaited<ReturnType<typeof page>>) => ({
  status,
  etag,
  digest: createHash('sha256').update(html).digest('hex'),
});

/** What a visitor reads of a product through the API, which is never late. */
const apiProduct = async (id: number) => (await (await fetch(`${backend.baseUrl}/products/${id}`)).json()) as Product;

/** The shopper buys one unit of the product with a test payment. */
async function buy(product: Product) {
  const call = (path: string, body: object) =>
    fetch(`${backend.baseUrl}${path}`, { method: 'POST', headers: asShopper, body: JSON.stringify(body) });
  expect((await call('/cart/bulk', { userID: DEMO_USER.id, allProducts: [{ productId: product.id, quantity: 1 }] })).status).toBe(200);
  const payment = await call('/payments', { userID: DEMO_USER.id });
  expect(payment.status).toBe(201);
  const { id: paymentId } = (await payment.json()) as { id: string };
  expect((await call('/orders', { status: 'open', userID: DEMO_USER.id, address: 'Spain, Madrid, Gran Via 123', paymentId })).status).toBe(
    201,
  );
}

/** The product as the page carries it for the browser (the whole list, in a catalogue of this size). */
const carried = (html: string, id: number) =>
  (JSON.parse(/<script type="application\/json" id="initial-products">([\s\S]*?)<\/script>/.exec(html)![1]!) as Product[]).find(
    (p) => p.id === id,
  );

const soldOutShown = (html: string) => html.includes('NO STOCK');

describe("kept pages after changes of stock, and after an Admin's change", () => {
  it('a checkout keeps every kept page as it was, unmade again, until the bound; then each is made once, the product sold out', async () => {
    const paths = ['/home', '/catalogue', `/detail/${plenty.id}`, `/detail/${last.id}`];
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const path of paths) await page(path);
    const before = await Promise.all(paths.map(page));
    expect(soldOutShown(before[3]!.html)).toBe(false);
    const renders = rendered.length;

    await buy(last);
    await buy(plenty);
    expect((await apiProduct(last.id)).stock).toBe(0);
    expect((await apiProduct(plenty.id)).stock).toBe(plenty.stock - 1);
    vi.advanceTimersByTime(STOCK_AND_RATINGS_LATE_MS - 1);
    expect((await Promise.all(paths.map(page))).map(sameBytes)).toEqual(before.map(sameBytes));
    expect(rendered.length).toBe(renders);

    vi.advanceTimersByTime(1);
    const after = await Promise.all(paths.map(page));
    expect((await Promise.all(paths.map(page))).map(sameBytes)).toEqual(after.map(sameBytes));
    expect(rendered.slice(renders).sort()).toEqual(paths.map((path) => path.replace(/\?.*/, '')).sort());
    expect(soldOutShown(after[3]!.html)).toBe(true);
    expect([before, after].map((pages) => carried(pages[0]!.html, last.id)?.stock)).toEqual([1, 0]);
  });

  it("an Admin's change of a price or of what is shown is on the kept pages at once", async () => {
    const paths = ['/home', `/detail/${edited.id}`];
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const path of paths) await page(path);
    await buy(plenty);
    const before = await Promise.all(paths.map(page));
    const price = edited.price + 7;
    const repriced = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: asAdmin,
      body: JSON.stringify({ id: edited.id, price }),
    });
    expect(repriced.status).toBe(200);
    const after = await page(`/detail/${edited.id}`);
    expect(after.etag).not.toBe(before[1]!.etag);
    expect(carried(after.html, edited.id)?.price).toBe(price);

    const disabled = await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: asAdmin,
      body: JSON.stringify({ id: edited.id, disable: true }),
    });
    expect(disabled.status).toBe(200);
    expect((await page(`/detail/${edited.id}`)).status).toBe(404);
    expect(carried((await page('/home')).html, edited.id)).toBeUndefined();
  });
});
