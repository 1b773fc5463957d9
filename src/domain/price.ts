/** totalPrice = price − price × discount / 100, rounded to 2 decimals (spec section 3). */
export function totalPrice(price: number, discount: number): number {
  return Math.round((price - (price * discount) / 100) * 100) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Storefront price: `$1,234.50`. */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/** Admin tables: `$ 12.50`. */
export function formatAdminPrice(amount: number): string {
  return `$ ${amount.toFixed(2)}`;
}

/** Admin tables: `15 %`. */
export function formatDiscount(discount: number): string {
  return `${discount} %`;
}
