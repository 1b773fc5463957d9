import type { Category } from '~/src/domain/constants';

/** Per category: what it is called, its price range in USD, its shades and what a description says of it. */
export const CATEGORY_WORDS: Record<Category, { noun: string[]; price: [number, number]; shades: [string, string][]; benefit: string[] }> =
  {
    blush: {
      noun: ['Blush', 'Cheek Tint', 'Powder Blush'],
      price: [9, 38],
      shades: [
        ['Peach Bloom', '#f4a38c'],
        ['Rosewood', '#c26a6f'],
        ['Coral Kiss', '#f07f6a'],
        ['Berry Flush', '#b4475c'],
      ],
      benefit: ['a soft, buildable flush', 'a natural healthy glow', 'colour that blends like a second skin'],
    },
    bronzer: {
      noun: ['Bronzer', 'Sun Powder', 'Contour Bronzer'],
      price: [12, 45],
      shades: [
        ['Golden Hour', '#c48a5a'],
        ['Terracotta', '#b5623d'],
        ['Sunkissed', '#d59b6a'],
        ['Deep Bronze', '#8a4f32'],
      ],
      benefit: ['a warm sun-kissed finish', 'soft definition without streaks', 'a glow that lasts all day'],
    },
    cream: {
      noun: ['Day Cream', 'Moisturiser', 'Glow Cream'],
      price: [14, 62],
      shades: [
        ['Pearl', '#f3ece3'],
        ['Ivory', '#efe3cf'],
        ['Rose Veil', '#f2d6d3'],
        ['Honey', '#e8c9a0'],
      ],
      benefit: ['24-hour hydration', 'a smooth base for make-up', 'skin that feels soft and rested'],
    },
    eyebrow: {
      noun: ['Brow Pencil', 'Brow Gel', 'Brow Pomade'],
      price: [7, 29],
      shades: [
        ['Taupe', '#8b7765'],
        ['Soft Brown', '#6f4e37'],
        ['Espresso', '#3f2a1f'],
        ['Ash Blonde', '#a58f74'],
      ],
      benefit: ['fuller-looking brows', 'hair-like strokes that stay put', 'natural shape and hold'],
    },
    eyeliner: {
      noun: ['Eyeliner', 'Liquid Liner', 'Kohl Pencil'],
      price: [6, 32],
      shades: [
        ['Jet Black', '#1c1c1c'],
        ['Chocolate', '#4a2c20'],
        ['Navy Night', '#1f2f57'],
        ['Emerald', '#1f6b52'],
      ],
      benefit: ['a precise, smudge-proof line', 'intense colour in one stroke', 'wear that lasts from day to night'],
    },
    eyeshadow: {
      noun: ['Eyeshadow', 'Shadow Stick', 'Cream Shadow'],
      price: [8, 36],
      shades: [
        ['Champagne', '#e9d2a8'],
        ['Smoky Plum', '#6d4160'],
        ['Copper', '#b06a3b'],
        ['Sage', '#8aa07e'],
      ],
      benefit: ['rich, blendable colour', 'a shimmer that catches the light', 'crease-free wear'],
    },
    foundation: {
      noun: ['Foundation', 'Skin Tint', 'Serum Foundation'],
      price: [15, 65],
      shades: [
        ['Porcelain', '#f1d8c4'],
        ['Sand', '#dcb58f'],
        ['Caramel', '#b9835a'],
        ['Mocha', '#7d5238'],
      ],
      benefit: ['even, breathable coverage', 'a luminous skin-like finish', 'coverage that builds without caking'],
    },
    lipliner: {
      noun: ['Lip Liner', 'Lip Pencil', 'Contour Lip Liner'],
      price: [5, 26],
      shades: [
        ['Nude Pink', '#c98b86'],
        ['Brick', '#9c4a3c'],
        ['Plum', '#7a3550'],
        ['Classic Red', '#b3202f'],
      ],
      benefit: ['a crisp, defined lip line', 'colour that stops feathering', 'a creamy glide and long wear'],
    },
    lipstick: {
      noun: ['Lipstick', 'Matte Lipstick', 'Lip Colour'],
      price: [7, 48],
      shades: [
        ['Ruby Red', '#a4161a'],
        ['Mauve', '#a86a7c'],
        ['Rose Nude', '#c9857a'],
        ['Fuchsia', '#c2185b'],
      ],
      benefit: ['comfortable matte colour', 'a velvety satin finish', 'rich colour with care for your lips'],
    },
    mascara: {
      noun: ['Mascara', 'Volume Mascara', 'Lengthening Mascara'],
      price: [6, 34],
      shades: [
        ['Blackest Black', '#111111'],
        ['Brown Black', '#2e2019'],
        ['Midnight Blue', '#1b2a4a'],
        ['Plum Noir', '#3b1f33'],
      ],
      benefit: ['lashes with volume and lift', 'length without clumps', 'curl that holds all day'],
    },
    palette: {
      noun: ['Palette', 'Eyeshadow Palette', 'Face Palette'],
      price: [18, 69],
      shades: [
        ['Desert Rose', '#c48b7e'],
        ['Golden Nudes', '#caa171'],
        ['Berry Smoke', '#7b3f58'],
        ['Ocean Glow', '#3f7d8c'],
      ],
      benefit: ['every shade for day and night looks', 'mattes and shimmers that work together', 'colour that blends with ease'],
    },
  };

export const ADJECTIVES = [
  'Velvet',
  'Silk',
  'Luminous',
  'Pure',
  'Soft',
  'Radiant',
  'Bold',
  'Satin',
  'Glow',
  'Matte',
  'Dewy',
  'Cashmere',
  'Endless',
  'Bare',
  'Golden',
  'Infinite',
  'Studio',
  'Everyday',
  'Cloud',
  'Power',
];

export const FEATURES = [
  'It is vegan and cruelty free.',
  'Dermatologically tested and suitable for sensitive skin.',
  'Made without parabens or added fragrance.',
  'Housed in recyclable packaging.',
  'Enriched with vitamin E and jojoba oil.',
  'Tested to last up to 12 hours.',
];
