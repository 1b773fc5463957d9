import type { Category } from '~/src/domain/constants';

/** Per category: what it is called, its price range in USD and what a description says of it. */
export const CATEGORY_WORDS: Record<Category, { noun: string[]; price: [number, number]; benefit: string[] }> = {
  blush: {
    noun: ['Blush', 'Cheek Tint', 'Powder Blush'],
    price: [9, 38],
    benefit: ['a soft, buildable flush', 'a natural healthy glow', 'colour that blends like a second skin'],
  },
  bronzer: {
    noun: ['Bronzer', 'Sun Powder', 'Contour Bronzer'],
    price: [12, 45],
    benefit: ['a warm sun-kissed finish', 'soft definition without streaks', 'a glow that lasts all day'],
  },
  cream: {
    noun: ['Day Cream', 'Moisturiser', 'Glow Cream'],
    price: [14, 62],
    benefit: ['24-hour hydration', 'a smooth base for make-up', 'skin that feels soft and rested'],
  },
  eyebrow: {
    noun: ['Brow Pencil', 'Brow Gel', 'Brow Pomade'],
    price: [7, 29],
    benefit: ['fuller-looking brows', 'hair-like strokes that stay put', 'natural shape and hold'],
  },
  eyeliner: {
    noun: ['Eyeliner', 'Liquid Liner', 'Kohl Pencil'],
    price: [6, 32],
    benefit: ['a precise, smudge-proof line', 'intense colour in one stroke', 'wear that lasts from day to night'],
  },
  eyeshadow: {
    noun: ['Eyeshadow', 'Shadow Stick', 'Cream Shadow'],
    price: [8, 36],
    benefit: ['rich, blendable colour', 'a shimmer that catches the light', 'crease-free wear'],
  },
  foundation: {
    noun: ['Foundation', 'Skin Tint', 'Serum Foundation'],
    price: [15, 65],
    benefit: ['even, breathable coverage', 'a luminous skin-like finish', 'coverage that builds without caking'],
  },
  lipliner: {
    noun: ['Lip Liner', 'Lip Pencil', 'Contour Lip Liner'],
    price: [5, 26],
    benefit: ['a crisp, defined lip line', 'colour that stops feathering', 'a creamy glide and long wear'],
  },
  lipstick: {
    noun: ['Lipstick', 'Matte Lipstick', 'Lip Colour'],
    price: [7, 48],
    benefit: ['comfortable matte colour', 'a velvety satin finish', 'rich colour with care for your lips'],
  },
  mascara: {
    noun: ['Mascara', 'Volume Mascara', 'Lengthening Mascara'],
    price: [6, 34],
    benefit: ['lashes with volume and lift', 'length without clumps', 'curl that holds all day'],
  },
  palette: {
    noun: ['Palette', 'Eyeshadow Palette', 'Face Palette'],
    price: [18, 69],
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
