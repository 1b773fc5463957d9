import type { Order, Product } from '~/src/domain/types';
import { onSale, seeded } from '../fixtures/catalogue';
import { registerShopper, SHOPPER, SHOPPER_ACCOUNT, signInAs, unique } from './session';
import { expect, test, type Page } from './test';

/** Opens a product page signed in as the page's user and answers the orders the reviews read to decide who may review. */
async function ordersSeenOn(page: Page, productId: number): Promise<Order[]> {
  const orders = page.waitForResponse((response) => response.url().includes('/api/userOrders?'));
  await page.goto(`/detail/${productId}`);
  return (await (await orders).json()) as Order[];
}

test('the seeded buyer rates and comments a product she bought, then deletes her comment', async ({ page }) => {
  await signInAs(page, SHOPPER_ACCOUNT);
  const orders = await ordersSeenOn(page, onSale.at(-1)!.id);
  const productId = orders[0]!.lines[0]!.productId;
  await page.goto(`/detail/${productId}`);

  const rating = page.getByRole('group', { name: 'Your rating' });
  await expect(rating).toBeVisible();
  // A choice other than the one she may have left on an earlier run, so the rating is sent.
  const stars = Date.now() % 2 === 0 ? '3.5 stars' : '4 stars';
  await rating.getByRole('radio', { name: stars }).click();
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/products/rating') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Send rating' }).click();
  const rated = (await (await answer).json()) as Product;
  await expect(page.getByText(`You rated this product ${stars.split(' ')[0]} out of 5.`)).toBeVisible();
  const summary = page.getByRole('article', { name: rated.name });
  await expect(summary.getByRole('img', { name: `Rated ${Math.round(rated.rank * 2) / 2} out of 5` })).toBeVisible();
  await expect(summary.getByText(`${rated.reviews} ${rated.reviews === 1 ? 'review' : 'reviews'}`)).toBeVisible();

  const text = `Soft and long-lasting ${unique()}`;
  await page.getByRole('textbox', { name: 'Your comment' }).fill(text);
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByText('comment sent successfully!')).toBeVisible();
  const first = page.getByRole('list', { name: 'Comments' }).getByRole('listitem').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText(SHOPPER.username);

  await page.reload();
  const listed = page.getByRole('listitem').filter({ hasText: text });
  await expect(listed).toBeVisible();
  await listed.getByRole('button', { name: `Delete comment by ${SHOPPER.username}` }).click();
  await expect(page.getByText('Comment Deleted Successfully')).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
});

test('a shopper who has not bought the product is offered neither rating nor comment', async ({ page }) => {
  await registerShopper(page);
  const orders = await ordersSeenOn(page, onSale.at(-1)!.id);
  expect(orders).toEqual([]);
  await expect(page.getByText('Only customers who bought this product can review it')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your rating' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
});

test("a visitor reads a rated product's seeded comments under its review count, each with its author", async ({ page }) => {
  // Sold out, so no other spec buys it and rates it.
  const rated = seeded.find((p) => !p.disable && p.stock === 0 && p.reviews >= 10)!;
  await page.goto(`/detail/${rated.id}`);
  await expect(page.getByRole('article', { name: rated.name }).getByText(`${rated.reviews} reviews`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  const comments = page.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  await expect(comments.first()).toBeVisible();
  expect(await comments.count()).toBeGreaterThanOrEqual(3);
  await expect(comments.first()).toContainText(/[A-Z][a-z]+ [A-Z]\./);
  await expect(page.getByText('No comments yet.')).toHaveCount(0);
});
