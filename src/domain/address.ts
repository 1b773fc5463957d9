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
