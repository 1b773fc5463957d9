import type { Brand } from './constants';

/**
 * How each brand is shown (DECISIONS.md 'Brand names'): the API stores and
 * sends the spec's lower-case values; every screen, title and description
 * shows this name instead.
 */
export const BRAND_NAMES: Readonly<Record<Brand, string>> = {
  "c'est moi": "C'est Moi",
  'coastal classic creation': 'Coastal Classic Creation',
  covergirl: 'Covergirl',
  dior: 'Dior',
  fenty: 'Fenty',
  'green people': 'Green People',
  "l'oreal": "L'Oréal",
  'lotus cosmetics usa': 'Lotus Cosmetics USA',
  maybelline: 'Maybelline',
  nudus: 'Nudus',
  nyx: 'NYX',
  'penny lane organics': 'Penny Lane Organics',
  zorah: 'Zorah',
};

/** A brand's display name: `brandName("l'oreal")` is "L'Oréal"; a value the spec does not list is shown as it is. */
export const brandName = (brand: string): string => (Object.hasOwn(BRAND_NAMES, brand) ? BRAND_NAMES[brand as Brand] : brand);
