import { describe, expect, it } from 'vitest';
import { labToHex } from '~/seed/catalogue/colour';
import { seededRandom } from '~/seed/catalogue/random';
import { SHADE_FAMILIES, type Family } from '~/seed/catalogue/shadeFamilies';
import { skinTones } from '~/seed/catalogue/skinTones';
import { makeProduct } from '~/tests/fixtures/product';
import { COLOUR_FAMILIES, familiesMask, familyBit, hasFamily, hexToLab, LIP_FAMILIES, shadeFamilies } from './colourFamily';

/** The middle of a family's box and points a quarter in from its edges. */
function pointsOf({ l, a, b }: Family) {
  const at = ([low, high]: [number, number], share: number) => low + (high - low) * share;
  const shares = [0.25, 0.5, 0.75];
  return shares.flatMap((sl) => shares.flatMap((sa) => shares.map((sb) => labToHex({ l: at(l, sl), a: at(a, sa), b: at(b, sb) }))));
}

const familyOf = (category: Parameters<typeof shadeFamilies>[0], name: string) =>
  SHADE_FAMILIES[category as Exclude<typeof category, 'foundation'>].families.find((family) => family.names.includes(name))!;

describe('hexToLab', () => {
  it('reads sRGB hex as CIELAB (D65)', () => {
    const lab = hexToLab(labToHex({ l: 43, a: 40, b: 20 }));
    expect(lab.l).toBeCloseTo(43, 0);
    expect(lab.a).toBeCloseTo(40, 0);
    expect(lab.b).toBeCloseTo(20, 0);
    expect(hexToLab('#ffffff').l).toBeCloseTo(100, 1);
    expect(hexToLab('#000000').l).toBeCloseTo(0, 1);
  });
});

describe('shadeFamilies', () => {
  it('puts the seed lip colours in the families they are named for: nude, pink, coral, red, berry, plum, brown', () => {
    // The seed's lip families are listed in the order.
    SHADE_FAMILIES.lipstick.families.forEach((family, i) => {
      for (const hex of pointsOf(family))
        expect([family.names[0], shadeFamilies('lipstick', hex)]).toEqual([family.names[0], [LIP_FAMILIES[i]]]);
    });
  });

  it('gives the eyes their colours: black, grey, blue, green, plum, gold, brown', () => {
    const expected = [
      ['eyeliner', 'Jet Black', 'black'],
      ['eyeliner', 'Slate Grey', 'grey'],
      ['eyeliner', 'Navy Night', 'blue'],
      ['eyeliner', 'Emerald', 'green'],
      ['eyeliner', 'Aubergine', 'plum'],
      ['eyeshadow', 'Gold Leaf', 'gold'],
      ['eyeshadow', 'Denim', 'blue'],
      ['eyeshadow', 'Sage', 'green'],
      ['eyeshadow', 'Smoky Plum', 'plum'],
      ['eyeshadow', 'Mocha', 'brown'],
      ['mascara', 'Blackest Black', 'black'],
      ['blush', 'Baby Pink', 'pink'],
      ['blush', 'Berry Flush', 'berry'],
    ] as const;
    for (const [category, name, family] of expected) {
      for (const hex of pointsOf(familyOf(category, name))) expect([name, shadeFamilies(category, hex)]).toEqual([name, [family]]);
    }
  });

  it("files sRGB's saturated blues and navy as blue, and purples as plum", () => {
    for (const hex of ['#0000ff', '#000080', '#4169e1', '#1e90ff']) expect([hex, shadeFamilies('eyeliner', hex)]).toEqual([hex, ['blue']]);
    for (const hex of ['#800080', '#9932cc']) expect([hex, shadeFamilies('eyeliner', hex)]).toEqual([hex, ['plum']]);
  });

  it('gives a foundation shade its depth and undertone as the seed names them', () => {
    const depths = ['fair', 'light', 'medium', 'tan', 'deep'];
    for (let seed = 1; seed <= 20; seed++) {
      const count = 20 + seed;
      skinTones(seededRandom(seed), count).forEach(({ lab, undertone }, index) => {
        const [depth, under] = shadeFamilies('foundation', labToHex(lab));
        expect(under).toBe(undertone);
        // The seed names a shade by its place in the range; its lightness, drawn within 1 of the line, may cross a band's edge.
        const band = Math.min(4, Math.floor((index / (count - 1)) * 5));
        const edge = Math.abs(((88 - lab.l) / 62) * 5 - Math.round(((88 - lab.l) / 62) * 5)) < 0.1;
        if (!edge) expect(depth).toBe(depths[band]);
      });
    }
  });

  it("reads a tinted cream's skin tones as a foundation's, and a cream off the skin line by its colour", () => {
    skinTones(seededRandom(7), 30).forEach(({ lab }) => {
      expect(shadeFamilies('cream', labToHex(lab))).toEqual(shadeFamilies('foundation', labToHex(lab)));
    });
    // The seed's Pearl, Ivory and Rose Veil highlighters: no skin depth, a white, a nude.
    expect(shadeFamilies('cream', labToHex({ l: 93, a: 1, b: 4 }))).toEqual(['white']);
    expect(shadeFamilies('cream', labToHex({ l: 91, a: 1, b: 10 }))).toEqual(['nude']);
    expect(shadeFamilies('cream', labToHex({ l: 88, a: 10, b: 5 }))).toEqual(['nude']);
  });
});

describe('familiesMask', () => {
  it("holds the families of the product's shades in stock only", () => {
    const red = labToHex({ l: 43, a: 62, b: 39 });
    const plum = labToHex({ l: 29, a: 30, b: -4 });
    const lipstick = makeProduct({
      category: 'lipstick',
      shades: [
        { id: 1, name: 'Classic Red', hex: red, stock: 3, image: '/a.svg' },
        { id: 2, name: 'Plum', hex: plum, stock: 0, image: '/b.svg' },
      ],
    });
    expect(familiesMask(lipstick)).toBe(familyBit('red'));
    expect(hasFamily(lipstick, 'red')).toBe(true);
    expect(hasFamily(lipstick, 'plum')).toBe(false);
    expect(familiesMask(makeProduct({ shades: [] }))).toBe(0);
  });

  it('has a bit for each family', () => {
    expect(new Set(COLOUR_FAMILIES.map(familyBit)).size).toBe(COLOUR_FAMILIES.length);
    expect(COLOUR_FAMILIES.length).toBeLessThanOrEqual(31);
  });
});
