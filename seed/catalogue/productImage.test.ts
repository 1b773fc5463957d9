import { describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES } from '~/src/domain/brandsAndCategories';
import { parseProductImagePath, productImagePath, productImageSvg } from './productImage';

const fileOf = (path: string) => path.split('/').pop()!;
const withoutLabel = (svg: string) => svg.replace(/<text.*<\/text>/, '');

describe('parseProductImagePath', () => {
  it('reads back the path of a picture: its category, brand and shade', () => {
    expect(productImagePath('lipstick', "l'oreal", '#a4161a')).toBe('/images/products/lipstick-l-oreal-a4161a.svg');
    expect(parseProductImagePath(fileOf(productImagePath('lipstick', "l'oreal", '#a4161a')))).toEqual({
      category: 'lipstick',
      brand: "l'oreal",
      hex: '#a4161a',
    });
    for (const brand of BRANDS) expect(parseProductImagePath(fileOf(productImagePath('foundation', brand, '#c8a084')))?.brand).toBe(brand);
  });

  it('still reads a path naming no brand, as products stored with one have it', () => {
    expect(parseProductImagePath('lipstick-a4161a.svg')).toEqual({ category: 'lipstick', brand: null, hex: '#a4161a' });
  });

  it('knows no category named after an object property', () => {
    expect(parseProductImagePath('constructor-000000.svg')).toBeNull();
    expect(parseProductImagePath('constructor-dior-000000.svg')).toBeNull();
  });

  it('refuses any other name: an unknown brand, another extension, upper case, dots and slashes, or a long name', () => {
    const refused = [
      'lipstick-chanel-a4161a.svg',
      'lipstick-constructor-a4161a.svg',
      'lipstick---a4161a.svg',
      'lipstick-dior-a4161a.png',
      'lipstick-dior-A4161A.svg',
      'lipstick-dior-a4161a.svg.svg',
      '../lipstick-dior-a4161a.svg',
      'lipstick-..%2f..%2fdior-a4161a.svg',
      'lipstick-dior/-a4161a.svg',
      `lipstick-${'a-'.repeat(40)}a4161a.svg`,
      '',
    ];
    for (const file of refused) expect(parseProductImagePath(file), file).toBeNull();
  });
});

describe('productImageSvg', () => {
  it("letters the brand's display name on the label, escaped: L'Oréal, C'est Moi", () => {
    const loreal = productImageSvg({ category: 'lipstick', brand: "l'oreal", hex: '#a4161a' });
    expect(loreal).toContain('>L&#39;ORÉAL</text>');
    expect(productImageSvg({ category: 'blush', brand: "c'est moi", hex: '#e89a8c' })).toContain('>C&#39;est Moi</text>');
    expect(loreal).not.toContain("L'");
  });

  it('draws each brand its own packaging for every category, holding the shade itself', () => {
    for (const category of CATEGORIES) {
      const drawn = BRANDS.map((brand) => productImageSvg({ category, brand, hex: '#b3202f' }));
      expect(new Set(drawn.map(withoutLabel)).size, category).toBe(BRANDS.length);
      for (const svg of drawn) expect(withoutLabel(svg).split('#b3202f').length, category).toBeGreaterThan(2);
    }
    expect(productImageSvg({ category: 'lipstick', brand: 'dior', hex: '#a4161a' })).not.toBe(
      productImageSvg({ category: 'lipstick', brand: 'dior', hex: '#c2185b' }),
    );
  });

  it('keeps every picture under 2 KB', () => {
    for (const category of CATEGORIES)
      for (const brand of BRANDS)
        expect(new TextEncoder().encode(productImageSvg({ category, brand, hex: '#b3202f' })).length).toBeLessThan(2048);
  });
});
