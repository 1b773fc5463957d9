import { brandName } from '~/src/domain/brands';
import { BRANDS, CATEGORIES } from '~/src/domain/brandsAndCategories';
import type { GeneratedProduct } from '../shadeRows';
import { seededRandom } from './random';
import { productImagePath } from './productImage';
import { shadeRange, shadeRandom } from './shades';
import { ADJECTIVES, CATEGORY_WORDS, FEATURES } from './words';

export const DEFAULT_PRODUCT_COUNT = 150;
export const DEFAULT_SEED = 20261122;
const NEWEST = Date.parse('2026-11-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 40, 50];
const RESERVED_DRAWS = 4;

/**
 * The seeded catalogue: the first 143 products cover every brand x category
 * pair, later ones are drawn at random; the same seed and count always give
 * the same products. Their ratings were given before the shop's own, so
 * they are each product's base.
 */
export function generateCatalogue(count = DEFAULT_PRODUCT_COUNT, seed = DEFAULT_SEED): GeneratedProduct[] {
  const random = seededRandom(seed);
  const pairs = BRANDS.length * CATEGORIES.length;
  return Array.from({ length: count }, (_, index) => {
    const brand = index < pairs ? BRANDS[index % BRANDS.length]! : random.pick(BRANDS);
    const category = index < pairs ? CATEGORIES[Math.floor(index / BRANDS.length)]! : random.pick(CATEGORIES);
    const words = CATEGORY_WORDS[category];
    // These draws stay reserved so that every field drawn after them keeps its value; the shades have a stream of their own.
    random.skip(RESERVED_DRAWS);
    const shades = shadeRange(category, shadeRandom(seed, index));
    const lead = shades[0]!;
    const name = `${random.pick(ADJECTIVES)} ${random.pick(words.noun)}`;
    const [low, high] = words.price;
    const price = random.int(low, high) + random.pick([0, 0.5, 0.95, 0.99]);
    const rated = random.chance(0.8);
    const reviews = rated ? random.int(1, 240) : 0;
    const description =
      `<p>${name} by ${brandName(brand)} gives ${random.pick(words.benefit)}.</p>` +
      `<p>${random.pick(FEATURES)} ${random.pick(FEATURES)}</p>`;
    const product = {
      id: index + 1,
      name,
      brand,
      category,
      price,
      discount: random.chance(0.35) ? random.pick(DISCOUNTS) : 0,
      stock: random.chance(0.1) ? 0 : random.int(1, 60),
      description,
      image: productImagePath(category, brand, lead.hex),
      rank: rated ? random.int(5, 10) / 2 : 0,
      reviews,
      disable: random.chance(0.04),
      createdAt: new Date(NEWEST - random.int(0, 540) * DAY - random.int(0, DAY - 1)).toISOString(),
      shades,
    };
    return { ...product, baseRank: product.rank, baseReviews: product.reviews };
  });
}
