import { ADMIN_ACCOUNT, registerShopper, signInAs } from './session';
import { expect, test, type Page } from './test';

/**
 * The public storefront pages come server-rendered from `npm start` (issue
 * 11): the browser hydrates that HTML without a warning, and what only this
 * browser knows (its session, cart and favourites) fills in afterwards
 * without moving the page.
 */

/** Errors and warnings the page logs, React's hydration mismatches among them. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The layout shifts of the page so far, summed as the CLS metric counts them (not those after input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => done(total));
      }),
  );

/** The page is rendered and its scripts (and the hydration they run) have settled. */
async function expectHydrated(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
}

test.describe('server-rendered pages', () => {
  test('every public page hydrates the HTML it came with, without a warning or a shift', async ({ page, request }) => {
    const [product] = (await (await request.get('/api/products')).json()) as { id: number; name: string; category: string }[];
    const pages: [string, string][] = [
      ['/home', 'Special Offers'],
      ['/catalogue?sort=priceAsc', 'Catalogue'],
      [`/detail/${product!.id}`, product!.name],
      [`/listproducts/${product!.category}`, product!.category],
      ['/about', 'About'],
    ];
    // The first heading the server's HTML brings, caught as it is parsed: hydration keeps that very node, a render from scratch would replace it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const heading = document.querySelector('#root h1, #root h2');
        if (!heading) return;
        Object.assign(window, { serverHeading: heading });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [path, heading] of pages) {
      const problems = consoleProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectHydrated(page);
      expect(problems, path).toEqual([]);
      expect(
        await page.evaluate(() => (window as { serverHeading?: Element }).serverHeading?.isConnected),
        `${path}: the server's heading is still in the page`,
      ).toBe(true);
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('an unknown page is a 404 that hydrates: its links go on without loading a page', async ({ page }) => {
    const problems = consoleProblems(page);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expectHydrated(page);
    const documents: string[] = [];
    page.on('request', (request) => request.resourceType() === 'document' && documents.push(request.url()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(documents).toEqual([]);
    // The browser reports the 404 document itself; nothing else may be logged.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  test("an unknown path naming a file is the shop's not-found page, 404; an API or a build asset keeps a 404 that is no page", async ({
    page,
    request,
  }) => {
    const pages: [string, string][] = [
      ['/home.html', 'Sorry, page not found!'],
      ['/nope.txt', 'Sorry, page not found!'],
      ['/listproducts/blush.x', 'Sorry, page not found!'],
      ['/detail/1.5', 'Product not available'],
    ];
    for (const [path, heading] of pages) {
      const response = await page.goto(path);
      expect([path, response?.status(), response?.headers()['content-type']]).toEqual([path, 404, expect.stringContaining('text/html')]);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' })).toBeVisible();
    }
    const api = await request.get('/api/nope.json');
    expect([api.status(), await api.json()]).toEqual([404, { error: { code: 'not_found', message: 'Not found.' } }]);
    for (const path of ['/assets/CataloguePage-gone.js', '/assets/index-gone.css', '/assets/gone.svg']) {
      const asset = await request.get(path);
      expect([path, asset.status(), asset.headers()['content-type']]).toEqual([path, 404, expect.not.stringContaining('text/html')]);
    }
  });

  test('a hydrated /home responds at once: a favourite added from a card shows in the navbar', async ({ page }) => {
    await page.goto('/home');
    await expectHydrated(page);
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: /^Add .* to favourites$/ }).click();
    await expect(card.getByRole('button', { name: /^Remove .* from favourites$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
  });

  test("a signed-in shopper's account and cart fill in after hydration, without a warning or a shift", async ({ page, request }) => {
    const account = await registerShopper(page);
    const product = ((await (await request.get('/api/products')).json()) as { id: number; stock: number }[]).find((p) => p.stock > 5)!;
    await page.goto(`/detail/${product.id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    const problems = consoleProblems(page);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: `Account: ${account.username}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expectHydrated(page);
    expect(problems).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  // From the large breakpoint on, where the section links sit in the bar beside the search box and actions.
  for (const width of [1024, 1280]) {
    test(`an Admin's link fills in after hydration without moving the navbar, ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, ADMIN_ACCOUNT);

      const problems = consoleProblems(page);
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
      await expect(nav.getByRole('button', { name: /^Account: / })).toBeVisible();
      await expectHydrated(page);
      expect(problems).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }

  test("an unknown product's page says in its HTML that it is not available, not a spinner, and hydrates", async ({ page, request }) => {
    const response = await request.get('/detail/999999');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Product not available');
    expect(html).toContain('This product does not exist or is no longer sold.');
    expect(html).not.toContain('Loading product');

    const problems = consoleProblems(page);
    await page.goto('/detail/999999');
    await expectHydrated(page);
    // The product's own read, answered 404 once hydrated, sends a visitor to /error, which says the same.
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { name: 'Product not available', level: 1 })).toBeVisible();
    // The browser reports the 404 document and the product's 404 read; nothing else may be logged.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  test('a catalogue whose screen fails to load at first is rendered afresh, and works', async ({ page }) => {
    let aborted = 0;
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.includes('CataloguePage') && url.pathname.endsWith('.js'),
      (route) => (aborted++, route.abort()),
      { times: 1 },
    );
    const problems = consoleProblems(page);
    await page.goto('/catalogue');
    expect(aborted).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBe('');
    await expectHydrated(page);
    const status = page.getByRole('status').filter({ hasText: /\d+ products?$/ });
    const all = (await status.textContent())!;
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByLabel('Offers only').check();
    await expect(page).toHaveURL(/\/catalogue\?offers=1$/);
    await expect(status).not.toHaveText(all);
    // The aborted file, and the router's note that it renders nothing until the screen loads again, are all the browser may report.
    const expected = (problem: string) => problem.includes('net::ERR_FAILED') || problem.includes('No `HydrateFallback` element provided');
    expect(problems.filter((problem) => !expected(problem))).toEqual([]);
  });
});
