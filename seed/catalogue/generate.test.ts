import { describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES } from '~/src/domain/brandsAndCategories';
import { generateCatalogue } from './generate';
import { parseProductImagePath, productImageSvg } from './productImage';

describe('the seeded catalogue', () => {
  const products = generateCatalogue();

  it('is the same for the same seed and differs for another', () => {
    expect(generateCatalogue()).toEqual(products);
    expect(generateCatalogue(150, 7)).not.toEqual(products);
  });

  it('holds about 150 products by default and any number on request', () => {
    expect(products).toHaveLength(150);
    expect(generateCatalogue(10_000)).toHaveLength(10_000);
  });

  it('covers every brand and category of the spec', () => {
    expect(new Set(products.map((p) => p.brand))).toEqual(new Set(BRANDS));
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    const pairs = new Set(products.map((p) => `${p.brand}/${p.category}`));
    expect(pairs.size).toBe(BRANDS.length * CATEGORIES.length);
  });

  it('names each product\'s brand in its description by the brand\'s display name (DECISIONS.md: "L\'Oréal", "NYX")', () => {
    const loreal = products.find((p) => p.brand === "l'oreal")!;
    const nyx = products.find((p) => p.brand === 'nyx')!;
    expect(loreal.description).toContain(`${loreal.name} by L'Oréal gives`);
    expect(nyx.description).toContain(`${nyx.name} by NYX gives`);
  });

  it('mixes prices, discounts (many 0), stock (some 0), ratings and a few disabled products', () => {
    const zeroDiscount = products.filter((p) => p.discount === 0).length;
    expect(zeroDiscount).toBeGreaterThan(products.length / 2);
    expect(zeroDiscount).toBeLessThan(products.length);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.disable)).toBe(true);
    expect(products.filter((p) => p.disable).length).toBeLessThan(15);
    expect(products.some((p) => p.rank >= 4)).toBe(true);
    for (const p of products) {
      expect(p.price).toBeGreaterThan(0);
      expect(Number.isInteger(p.rank * 2)).toBe(true);
      expect([p.baseRank, p.baseReviews]).toEqual([p.rank, p.reviews]);
      expect(p.shades.length).toBeGreaterThan(0);
      for (const shade of p.shades) expect(shade.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.description).toContain('<p>');
    }
    expect(new Set(products.map((p) => p.createdAt.slice(0, 7))).size).toBeGreaterThan(12);
  });

  it("gives each product a picture of its category in its brand's packaging and its lead shade", () => {
    for (const p of products) {
      const parsed = parseProductImagePath(p.image.replace('/images/products/', ''));
      expect(parsed).toEqual({ category: p.category, brand: p.brand, hex: p.shades[0]!.hex });
      expect(productImageSvg(parsed!)).toContain(parsed!.hex);
    }
  });

  it('never shows two neighbouring products in the same picture', () => {
    const pictures = products.map((p) => productImageSvg(parseProductImagePath(p.image.replace('/images/products/', ''))!));
    for (let at = 1; at < pictures.length; at++) expect(pictures[at]).not.toBe(pictures[at - 1]);
  });
});
