import type { Category } from '~/src/domain/constants';

/**
 * The colour model of the seeded shades, in CIELAB (D65). L* is lightness (0 black, 100 white): for skin it
 * is the depth, fair near 88 and deep near 26. a* runs green (-) to red (+) and b* blue (-) to yellow (+):
 * together they are the hue and its strength, so a red lipstick sits at high a* and b*, a plum at high a*
 * and b* below 0, a navy liner at b* far below 0. Each family below is a box of L*, a* and b* that its
 * shades are drawn from, with the names brands give such shades; skin tones follow `skinTones.ts`.
 */
export type Family = { names: readonly string[]; l: [number, number]; a: [number, number]; b: [number, number] };

/** How many shades a product of the category comes in, and the families they are drawn from. */
export type RangeSpec = { count: [number, number]; families: readonly Family[] };

const LIPS: readonly Family[] = [
  { names: ['Bare Petal', 'Rose Nude', 'Soft Nude', 'Toasted Almond'], l: [56, 68], a: [14, 22], b: [12, 20] },
  { names: ['Nude Pink', 'Candy Pink', 'Pink Peony', 'Fuchsia'], l: [50, 64], a: [36, 52], b: [-6, 8] },
  { names: ['Coral Kiss', 'Peach Coral', 'Sunset Coral', 'Papaya'], l: [56, 64], a: [40, 52], b: [30, 42] },
  { names: ['Classic Red', 'Ruby Red', 'Cherry', 'Scarlet'], l: [38, 48], a: [56, 68], b: [32, 46] },
  { names: ['Berry Crush', 'Raspberry', 'Mulberry', 'Cranberry'], l: [30, 42], a: [40, 54], b: [2, 14] },
  { names: ['Plum', 'Dark Plum', 'Aubergine', 'Black Cherry'], l: [24, 34], a: [24, 36], b: [-10, 2] },
  { names: ['Rosewood', 'Cinnamon', 'Chestnut', 'Brick'], l: [32, 46], a: [18, 28], b: [16, 26] },
];

const CREAMS: readonly Family[] = [
  { names: ['Pearl', 'Moonlight'], l: [92, 95], a: [0, 2], b: [2, 6] },
  { names: ['Ivory', 'Vanilla Silk'], l: [90, 93], a: [0, 2], b: [8, 12] },
  { names: ['Rose Veil', 'Petal Glow'], l: [86, 90], a: [6, 10], b: [2, 6] },
  { names: ['Honey Glow', 'Golden Dew'], l: [82, 86], a: [2, 6], b: [16, 22] },
];

export const SHADE_FAMILIES: Readonly<Record<Exclude<Category, 'foundation'>, RangeSpec>> = {
  blush: {
    count: [3, 8],
    families: [
      { names: ['Peach Bloom', 'Apricot'], l: [72, 78], a: [22, 30], b: [22, 30] },
      { names: ['Baby Pink', 'Pink Lemonade'], l: [66, 74], a: [28, 38], b: [4, 12] },
      { names: ['Coral Flush', 'Tangerine Dream'], l: [62, 70], a: [36, 44], b: [26, 34] },
      { names: ['Dusty Rose', 'Mauve Bloom'], l: [52, 60], a: [24, 32], b: [8, 14] },
      { names: ['Berry Flush', 'Wine Stain'], l: [42, 50], a: [34, 44], b: [4, 12] },
      { names: ['Sun Kissed', 'Desert Rose'], l: [55, 62], a: [18, 24], b: [24, 32] },
    ],
  },
  bronzer: {
    count: [2, 5],
    families: [
      { names: ['Light Bronze', 'Golden Hour'], l: [62, 68], a: [12, 16], b: [26, 32] },
      { names: ['Medium Bronze', 'Sunkissed'], l: [52, 58], a: [14, 18], b: [26, 32] },
      { names: ['Terracotta', 'Warm Amber'], l: [48, 54], a: [22, 28], b: [30, 36] },
      { names: ['Deep Bronze', 'Cocoa Glow'], l: [36, 44], a: [14, 18], b: [20, 26] },
    ],
  },
  cream: { count: [1, 3], families: CREAMS },
  eyebrow: {
    count: [3, 7],
    families: [
      { names: ['Blonde', 'Ash Blonde'], l: [58, 66], a: [4, 8], b: [16, 22] },
      { names: ['Taupe', 'Soft Taupe'], l: [48, 54], a: [4, 8], b: [10, 14] },
      { names: ['Soft Brown', 'Medium Brown'], l: [36, 44], a: [8, 12], b: [14, 20] },
      { names: ['Dark Brown', 'Espresso'], l: [24, 32], a: [6, 10], b: [10, 14] },
      { names: ['Ebony', 'Soft Black'], l: [14, 20], a: [0, 3], b: [0, 4] },
      { names: ['Auburn', 'Copper Brown'], l: [36, 44], a: [20, 26], b: [22, 28] },
    ],
  },
  eyeliner: {
    count: [2, 5],
    families: [
      { names: ['Jet Black', 'Carbon Black'], l: [8, 14], a: [-1, 1], b: [-2, 2] },
      { names: ['Chocolate', 'Bronze Brown'], l: [20, 28], a: [8, 14], b: [10, 16] },
      { names: ['Navy Night', 'Midnight Blue'], l: [18, 26], a: [2, 8], b: [-24, -16] },
      { names: ['Emerald', 'Forest'], l: [30, 40], a: [-24, -16], b: [2, 8] },
      { names: ['Aubergine', 'Plum Noir'], l: [22, 30], a: [18, 26], b: [-10, -4] },
      { names: ['Slate Grey', 'Graphite'], l: [34, 42], a: [-2, 2], b: [-4, 0] },
    ],
  },
  eyeshadow: {
    count: [4, 10],
    families: [
      { names: ['Champagne', 'Vanilla', 'Linen'], l: [78, 86], a: [2, 6], b: [14, 22] },
      { names: ['Gold Leaf', 'Honey Gold'], l: [68, 76], a: [4, 8], b: [40, 50] },
      { names: ['Copper', 'Burnt Orange'], l: [50, 58], a: [24, 30], b: [36, 44] },
      { names: ['Mocha', 'Truffle'], l: [30, 40], a: [10, 16], b: [14, 20] },
      { names: ['Smoky Plum', 'Violet Haze'], l: [30, 40], a: [22, 30], b: [-12, -4] },
      { names: ['Sage', 'Olive Leaf'], l: [45, 60], a: [-20, -10], b: [8, 18] },
      { names: ['Denim', 'Midnight'], l: [35, 50], a: [-6, 4], b: [-30, -20] },
      { names: ['Smoke', 'Onyx'], l: [15, 25], a: [-2, 2], b: [-4, 2] },
    ],
  },
  lipliner: { count: [4, 8], families: LIPS },
  lipstick: { count: [6, 12], families: LIPS },
  mascara: {
    count: [1, 3],
    families: [
      { names: ['Blackest Black'], l: [6, 10], a: [-1, 1], b: [-1, 1] },
      { names: ['Brown Black'], l: [14, 18], a: [4, 6], b: [5, 8] },
      { names: ['Brown'], l: [24, 30], a: [8, 12], b: [12, 16] },
      { names: ['Midnight Blue'], l: [16, 22], a: [2, 6], b: [-22, -14] },
      { names: ['Plum Noir'], l: [18, 24], a: [16, 22], b: [-8, -2] },
    ],
  },
  palette: {
    count: [1, 4],
    families: [
      { names: ['Golden Nudes'], l: [60, 70], a: [10, 16], b: [16, 24] },
      { names: ['Desert Rose'], l: [58, 66], a: [22, 30], b: [10, 16] },
      { names: ['Berry Smoke'], l: [32, 40], a: [24, 32], b: [-4, 4] },
      { names: ['Ocean Glow'], l: [45, 55], a: [-16, -8], b: [-18, -10] },
      { names: ['Sunset'], l: [55, 62], a: [30, 38], b: [34, 42] },
    ],
  },
};
