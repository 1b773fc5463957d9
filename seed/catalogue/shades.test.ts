import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '~/src/domain/brandsAndCategories';
import { productFieldError } from '~/src/domain/validation/product';
import { generateCatalogue } from './generate';
import { seededRandom } from './random';
import { SHADE_FAMILIES } from './shadeFamilies';
import { FOUNDATION_COUNT, shadeRandom, shadeRange, TINTED_CREAM_COUNT } from './shades';
import { skinTones, UNDERTONES } from './skinTones';

const products = generateCatalogue(600);
const within = (count: number, [low, high]: [number, number]) => count >= low && count <= high;

describe('the seeded shade ranges (issue 32)', () => {
  it('gives foundations 20-45 shades, creams a few or 20-30 skin tones, lipsticks 6-12, and each other category its range', () => {
    for (const category of CATEGORIES) expect(products.some((p) => p.category === category)).toBe(true);
    for (const { category, shades } of products) {
      if (category === 'foundation') expect(within(shades.length, FOUNDATION_COUNT), category).toBe(true);
      else if (category === 'cream') {
        expect(within(shades.length, SHADE_FAMILIES.cream.count) || within(shades.length, TINTED_CREAM_COUNT)).toBe(true);
      } else expect(within(shades.length, SHADE_FAMILIES[category].count), category).toBe(true);
    }
    expect(Math.min(...products.filter((p) => p.category === 'lipstick').map((p) => p.shades.length))).toBeGreaterThanOrEqual(6);
    expect(Math.max(...products.filter((p) => p.category === 'lipstick').map((p) => p.shades.length))).toBeLessThanOrEqual(12);
    const creams = products.filter((p) => p.category === 'cream').map((p) => p.shades.length);
    expect(creams.some((count) => count >= 20) && creams.some((count) => count <= 3)).toBe(true);
  });

  it('names each shade once within its product, with a colour as #rrggbb, in a description the product form accepts', () => {
    for (const { shades, description } of products) {
      expect(productFieldError('description', description)).toBeUndefined();
      expect(new Set(shades.map((s) => s.name)).size).toBe(shades.length);
      for (const shade of shades) expect(shade.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('names foundation shades the way brands do: "220 Warm Sand" or "N10 Espresso"', () => {
    const names = products.filter((p) => p.category === 'foundation').flatMap((p) => p.shades.map((s) => s.name));
    for (const name of names) expect(name).toMatch(/^([1-5]\d0 (Cool|Neutral|Warm|Olive) [A-Z][a-z]+|[CNWO]\d+ [A-Z][a-z]+)$/);
    expect(names.some((name) => /^\d/.test(name)) && names.some((name) => /^[CNWO]/.test(name))).toBe(true);
  });

  it('spans skin tones from fair (L* above 85) to deep (L* below 30) in all four undertones, cool ones pinker than warm ones', () => {
    for (const count of [FOUNDATION_COUNT[0], FOUNDATION_COUNT[1]]) {
      const tones = skinTones(seededRandom(count), count);
      expect(tones[0]!.lab.l).toBeGreaterThan(85);
      expect(tones.at(-1)!.lab.l).toBeLessThan(30);
      expect(new Set(tones.map((tone) => tone.undertone))).toEqual(new Set(UNDERTONES));
      const pinkness = (undertone: string) => {
        const of = tones.filter((tone) => tone.undertone === undertone);
        return of.reduce((sum, { lab }) => sum + lab.a - lab.b, 0) / of.length;
      };
      expect(pinkness('cool')).toBeGreaterThan(pinkness('warm'));
    }
  });

  it('draws lipsticks from nudes to plums: a red, a pink and a brown family all occur', () => {
    const names = new Set(products.filter((p) => p.category === 'lipstick').flatMap((p) => p.shades.map((s) => s.name)));
    for (const name of ['Classic Red', 'Nude Pink', 'Rosewood', 'Plum', 'Coral Kiss', 'Berry Crush', 'Bare Petal'])
      expect(names).toContain(name);
  });

  it('draws the same shades from the same seed and index, and others for another product', () => {
    expect(shadeRange('lipstick', shadeRandom(7, 3))).toEqual(shadeRange('lipstick', shadeRandom(7, 3)));
    expect(shadeRange('lipstick', shadeRandom(7, 3))).not.toEqual(shadeRange('lipstick', shadeRandom(7, 4)));
    expect(generateCatalogue(40).map((p) => p.shades)).toEqual(generateCatalogue(40).map((p) => p.shades));
  });
});
