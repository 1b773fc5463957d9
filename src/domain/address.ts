export interface ShippingAddress {
  country: string;
  state: string;
  address: string;
  street: string;
}

const capitalise = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toLocaleUpperCase('en-US') + word.slice(1).toLocaleLowerCase('en-US'))
    .join(' ');

/** The order's one-line address: 'Country, State, Address Street' with capitalised words. */
export function formatOrderAddress({ country, state, address, street }: ShippingAddress): string {
  return `${capitalise(country)}, ${capitalise(state)}, ${capitalise(address)} ${street.trim()}`;
}

/** The parts of an order's address line, as formatOrderAddress wrote them; null when it is not such a line. */
export function parseOrderAddress(line: string): ShippingAddress | null {
  const match = /^([^,]+), ([^,]+), (.+) (\S+)$/.exec(line);
  if (!match) return null;
  const [, country, state, address, street] = match as unknown as [string, string, string, string, string];
  return { country, state, address, street };
}
