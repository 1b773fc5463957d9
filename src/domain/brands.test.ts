import { describe, expect, it } from 'vitest';
import { BRAND_NAMES, brandName } from './brands';
import { BRANDS } from './brandsAndCategories';

describe('brand display names', () => {
  it('names every brand the spec allows ("c\'est moi, coastal classic creation, covergirl, ... zorah"), keyed by its stored value', () => {
    expect(Object.keys(BRAND_NAMES).sort()).toEqual([...BRANDS].sort());
  });

  it('shows the names DECISIONS.md sets: "L\'Oréal", "NYX", "Lotus Cosmetics USA", "C\'est Moi"', () => {
    expect(brandName("l'oreal")).toBe("L'Oréal");
    expect(brandName('nyx')).toBe('NYX');
    expect(brandName('lotus cosmetics usa')).toBe('Lotus Cosmetics USA');
    expect(brandName("c'est moi")).toBe("C'est Moi");
  });

  it('title-cases the rest', () => {
    expect(brandName('coastal classic creation')).toBe('Coastal Classic Creation');
    expect(brandName('penny lane organics')).toBe('Penny Lane Organics');
    expect((['covergirl', 'dior', 'fenty', 'green people', 'maybelline', 'nudus', 'zorah'] as const).map(brandName)).toEqual([
      'Covergirl',
      'Dior',
      'Fenty',
      'Green People',
      'Maybelline',
      'Nudus',
      'Zorah',
    ]);
  });

  it('shows a value the spec does not list as it is', () => {
    expect(brandName('acme')).toBe('acme');
    expect(brandName('constructor')).toBe('constructor');
  });
});
