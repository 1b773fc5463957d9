import { describe, expect, it } from 'vitest';
import { formatAdminPrice, formatDiscount, formatPrice, totalPrice } from './price';

describe('totalPrice', () => {
  it('is price - price x discount / 100', () => {
    expect(totalPrice(20, 25)).toBe(15);
    expect(totalPrice(50, 0)).toBe(50);
    expect(totalPrice(50, 100)).toBe(0);
  });

  it('rounds to 2 decimals', () => {
    expect(totalPrice(19.99, 15)).toBe(16.99);
    expect(totalPrice(10, 33)).toBe(6.7);
    expect(totalPrice(9.99, 7)).toBe(9.29);
  });
});

describe('price display', () => {
  it('shows US dollars on the storefront', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it("shows '$ x.xx' and 'n %' in admin tables", () => {
    expect(formatAdminPrice(7.5)).toBe('$ 7.50');
    expect(formatDiscount(15)).toBe('15 %');
  });
});
