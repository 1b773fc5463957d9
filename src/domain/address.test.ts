import { expect, it } from 'vitest';
import { formatOrderAddress, parseOrderAddress } from './address';

it("makes 'Country, State, Address Street' with capitalised words", () => {
  expect(formatOrderAddress({ country: 'argentina', state: 'buenos aires', address: 'av corrientes', street: '1234' })).toBe(
    'Argentina, Buenos Aires, Av Corrientes 1234',
  );
  expect(formatOrderAddress({ country: ' SPAIN ', state: 'madrid', address: 'gran vía', street: '12' })).toBe('Spain, Madrid, Gran Vía 12');
});

it('reads the parts back from the line it made', () => {
  const parts = { country: 'Argentina', state: 'Buenos Aires', address: 'Av Corrientes', street: '1234' };
  expect(parseOrderAddress(formatOrderAddress(parts))).toEqual(parts);
  expect(parseOrderAddress('Somewhere 12')).toBeNull();
});
