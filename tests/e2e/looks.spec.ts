/**
 * What the shop looks like where the browser's defaults or a stray box once
 * showed through, on `npm start`'s real server.
 */
import { onSale } from '../fixtures/catalogue';
import { ADMIN_ACCOUNT, signInAs } from './session';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

/** How far the page goes on below the footer, in px. */
const blankBelowFooter = (page: Page) =>
  page
    .getByRole('contentinfo')
    .evaluate((footer) => document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY));

atDesktopAndPhoneWidth(() => {
  test("the Admin dashboard ends with the footer: the chart's table for screen readers takes no room", async ({ page }) => {
    await signInAs(page, ADMIN_ACCOUNT);
    await expect(page.getByRole('figure', { name: 'Sales in the last 30 days' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sales per day' })).toBeAttached();
    expect(await blankBelowFooter(page)).toBeLessThanOrEqual(1);
  });
});

test('brands are shown by their display names, while the filter still sends the stored value', async ({ page }) => {
  const product = onSale.find((p) => p.brand === "l'oreal")!;
  await page.goto('/catalogue');
  await page.getByRole('button', { name: 'Show filters' }).click();
  const brand = page.getByRole('combobox', { name: 'Brand' });
  for (const name of ["L'Oréal", 'NYX', 'Lotus Cosmetics USA', "C'est Moi", 'Coastal Classic Creation'])
    await expect(brand.getByRole('option', { name, exact: true })).toBeAttached();
  await brand.selectOption({ label: "L'Oréal" });
  await expect(page).toHaveURL((url) => url.searchParams.get('brand') === "l'oreal");
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards.first()).toContainText("L'Oréal · ");
  await expect(cards.filter({ hasNotText: "L'Oréal · " })).toHaveCount(0);
  await page.goto(`/detail/${product.id}`);
  await expect(
    page.getByRole('article', { name: product.name, exact: true }).getByText(`L'Oréal · ${product.category}`, { exact: true }),
  ).toBeVisible();
});
