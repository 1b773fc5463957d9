import { SERVER_AUTH_EMULATOR_PORT } from '~/playwright.config';
import { expect, type Page } from './test';

/** A product's stock as the API reports it now. */
export async function stockOf(page: Page, id: number): Promise<number> {
  const response = await page.request.get(`/api/products/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { stock: number }).stock;
}

/** The account's uid and the headers its page's API calls carry, from the Auth emulator of the real server. */
export async function asUser(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post(
    `http://127.0.0.1:${SERVER_AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    { data: { email: account.email, password: account.password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  const { idToken, localId } = (await response.json()) as { idToken: string; localId: string };
  return { uid: localId, headers: { authorization: `Bearer ${idToken}` } };
}

/** A product as the API answers it, the fields the admin tests read. */
export interface ApiProduct {
  id: number;
  name: string;
  price: number;
  discount: number;
  totalPrice: number;
  disable: boolean;
  image: string;
}

/** Spec section 3: totalPrice = price - price * discount / 100, to 2 decimals. */
export const finalPrice = (price: number, discount: number) => Math.round((price - (price * discount) / 100) * 100) / 100;

/** The admin table's prices: '$ 12.50'. */
export const tableMoney = (amount: number) => `$ ${amount.toFixed(2)}`;
