/**
 * The catalogue filtered by a colour family (issue 32's Done-when): it shows
 * only products having a shade of that family in stock, at the seeded 150
 * products (the whole list, filtered in the browser) and at 2,400 (`@paged`:
 * pages the server filters).
 */
import { applyFilter, DEFAULT_FILTER } from '~/src/domain/catalogue';
import { shadeFamilies, type ColourFamily } from '~/src/domain/colourFamily';
import { storefrontProducts } from '~/src/domain/productLists';
import type { Product } from '~/src/domain/types';
import { apiPage, expectShowsItsPage, productCount, test as pagedTest } from './pagedShop';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

const count = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** Whether one of the product's shades in stock is of the family, as colourFamily.ts bins its hex. */
const hasShadeOf = (product: Product, family: ColourFamily) =>
  product.shades.some((shade) => shade.stock > 0 && shadeFamilies(product.category, shade.hex).includes(family));

/** The ids of the products the catalogue's cards open. */
async function shownIds(page: Page): Promise<number[]> {
  const links = page.getByRole('list', { name: 'Products' }).getByRole('article').getByRole('link');
  return (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).map((href) => Number(href!.split('/').pop()));
}

/** Opens the filters and picks the family from the Colour control, whose option says how many products have it. */
async function chooseColour(page: Page, family: ColourFamily, expected: number) {
  await page.getByRole('button', { name: 'Show filters' }).click();
  const colour = page.getByRole('combobox', { name: 'Colour' });
  await expect(colour.getByRole('option', { name: `${family} (${expected})` })).toBeAttached();
  await colour.selectOption(family);
  await expect(page).toHaveURL((url) => url.searchParams.get('colour') === family);
}

atDesktopAndPhoneWidth(() => {
  test('Colour red shows only the products with a red shade in stock, every one of them, page after page', async ({ page }) => {
    const list = storefrontProducts((await (await page.request.get('/api/products')).json()) as Product[]);
    const red = list.filter((product) => hasShadeOf(product, 'red'));
    expect(red.length).toBeGreaterThan(16);
    expect(applyFilter(list, { ...DEFAULT_FILTER, colour: 'red' })).toEqual(red);

    await page.goto('/catalogue');
    await expect(productCount(page)).toHaveText(count(list.length));
    await chooseColour(page, 'red', red.length);
    await expect(productCount(page)).toHaveText(count(red.length));
    const seen: number[] = [];
    const pages = Math.ceil(red.length / 16);
    for (let at = 1; at <= pages; at++) {
      if (at > 1) await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(`Page ${at} of ${pages}`);
      seen.push(...(await shownIds(page)));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(red.map((p) => p.id).sort((a, b) => a - b));

    // Shared as a link, the address opens on the same filter.
    await page.goto('/catalogue?colour=red');
    await expect(productCount(page)).toHaveText(count(red.length));
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Colour' })).toHaveValue('red');
  });
});

pagedTest.describe('a colour family in a catalogue read a page at a time @paged', () => {
  pagedTest(
    'a skin depth, then a lip colour in a category: each page is the server’s, every product of that family',
    async ({ page, productReads }) => {
      const whole = await apiPage(page, { page: '1' });
      for (const [family, category] of [
        ['deep', null],
        ['plum', 'lipstick'],
      ] as const) {
        const query: Record<string, string> = { page: '1', colour: family, ...(category ? { category } : {}) };
        const answer = await apiPage(page, query);
        expect(answer.total).toBeGreaterThan(16);
        expect(answer.total).toBeLessThan(whole.total);

        await page.goto(category ? `/listproducts/${category}` : '/catalogue');
        const before = await apiPage(page, { page: '1', ...(category ? { category } : {}) });
        await chooseColour(page, family, before.facets.colours.find((f) => f.value === family)!.count);
        const first = await expectShowsItsPage(page);
        expect(first.total).toBe(answer.total);
        expect(productReads.asked.some((asked) => asked.get('colour') === family)).toBe(true);
        await page.getByRole('button', { name: 'Next page' }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
        const second = await expectShowsItsPage(page);
        for (const product of [...first.items, ...second.items]) expect(hasShadeOf(product, family), product.name).toBe(true);
      }
    },
  );
});
