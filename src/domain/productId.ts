/** The largest product id the contract takes (openapi.yaml ProductId). */
export const PRODUCT_ID_MAX = 2_147_483_647;

/**
 * The product id a route's text names: digits only, no sign, leading zero,
 * space, decimal or exponent, from 1 to PRODUCT_ID_MAX; else null (no
 * product has that id).
 */
export function productIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= PRODUCT_ID_MAX ? id : null;
}
