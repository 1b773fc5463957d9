/**
 * On the real server, two tabs of one browser: a visitor's cart and
 * favourites, and a signed-in shopper's cart, follow what the other tab does, an order placed in one
 * emptying the other.
 */
import { alsoToBuy, fullPrice, toBuy } from '../fixtures/catalogue';
import { shipToPayment } from './checkoutSteps';
import { registerShopper } from './session';
import { expect, test } from './test';

test("a visitor's cart and favourites follow in the other tab", async ({ context }) => {
  const [first, other] = [await context.newPage(), await context.newPage()];
  await other.goto('/home');
  await first.goto(`/detail/${fullPrice.id}`);
  await first.getByRole('button', { name: 'ADD TO CART' }).click();
  await first.getByRole('button', { name: 'Add to favourites' }).click();

  await expect(other.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
  await first.getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(other.getByRole('link', { name: 'Favourites', exact: true })).toBeVisible();
});

test('a cart changed and checked out in one tab follows in the other', async ({ context }) => {
  const [first, other] = [await context.newPage(), await context.newPage()];
  await registerShopper(first);
  await other.goto('/cart');
  await expect(other.getByText('Your cart is empty')).toBeVisible();

  await first.goto(`/detail/${toBuy.id}`);
  await first.getByRole('button', { name: 'ADD TO CART' }).click();
  await first.goto(`/detail/${alsoToBuy.id}`);
  await first.getByRole('button', { name: 'ADD TO CART' }).click();
  const lines = other.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ has: other.getByRole('link', { name: alsoToBuy.name.slice(0, 26) }) })).toBeVisible();

  await first.getByRole('link', { name: /^Cart, / }).click();
  await shipToPayment(first);
  await first.getByRole('button', { name: 'Pay with test payment' }).click();
  await expect(first.getByText('Your order has been approved!')).toBeVisible();

  await expect(other.getByText('Your cart is empty')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
});
