/** The largest product or order id the contract takes (openapi.yaml ProductId, OrderId). */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * The product or order id a route's text names: digits only, no sign,
 * leading zero, space, decimal or exponent, from 1 to RECORD_ID_MAX; else
 * null (no record has that id).
 */
export function recordIdOf(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= RECORD_ID_MAX ? id : null;
}
