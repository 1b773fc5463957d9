import { describe, expect, it } from 'vitest';
import { lowShades, shadeSummary } from './lowShades';

const shade = (name: string, stock: number) => ({ id: stock + 1, name, hex: '#b22234', stock, image: '/images/products/x.svg' });
const shades = [shade('Classic Red', 12), shade('Nude Pink', 5), shade('Berry', 0), shade('Coral', 6)];

// Issue 32: "The products table shows the shade count and flags shades low on stock".
describe('shades low on stock (issue 32, item 4)', () => {
  it('are those of 5 or fewer, sold-out ones too, of a product on sale', () => {
    expect(lowShades({ disable: false, shades }).map((s) => s.name)).toEqual(['Nude Pink', 'Berry']);
    expect(lowShades({ disable: true, shades })).toEqual([]);
  });

  it('are counted beside the shades in the table, in words', () => {
    expect(shadeSummary({ disable: false, shades })).toEqual({ count: '4', low: '2 low' });
    expect(shadeSummary({ disable: false, shades: [shade('Classic Red', 12)] })).toEqual({ count: '1', low: null });
    expect(shadeSummary({ disable: false, shades: [] })).toEqual({ count: '0', low: null });
  });
});
