/** The spec's 13 brands and 11 categories, as the API spells them (lowercase; brands.ts has their display names). */
export const BRANDS = [
  "c'est moi",
  'coastal classic creation',
  'covergirl',
  'dior',
  'fenty',
  'green people',
  "l'oreal",
  'lotus cosmetics usa',
  'maybelline',
  'nudus',
  'nyx',
  'penny lane organics',
  'zorah',
] as const;

export const CATEGORIES = [
  'blush',
  'bronzer',
  'cream',
  'eyebrow',
  'eyeliner',
  'eyeshadow',
  'foundation',
  'lipliner',
  'lipstick',
  'mascara',
  'palette',
] as const;

export type Brand = (typeof BRANDS)[number];
export type Category = (typeof CATEGORIES)[number];
