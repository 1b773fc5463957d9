import { expect, it } from 'vitest';
import { formatOrderAddress } from './address';

it("makes 'Country, State, Address Street' with capitalised words", () => {
  expect(formatOrderAddress({ country: 'argentina', state: 'buenos aires', address: 'av corrientes', street: '1234' })).toBe(
    'Argentina, Buenos Aires, Av Corrientes 1234',
  );
  expect(formatOrderAddress({ country: ' SPAIN ', state: 'madrid', address: 'gran vía', street: '12' })).toBe(
    'Spain, Madrid, Gran Vía 12',
  );
});
