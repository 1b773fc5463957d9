import type { Category } from './constants';

/**
 * The colour families the catalogue filters by, worked out from a shade's
 * hex in CIELAB (D65): L* the lightness (0 black, 100 white), a* green (-) to
 * red (+), b* blue (-) to yellow (+), their chroma C* = sqrt(a*² + b*²) and
 * hue angle h = atan2(b*, a*).
 *
 * A foundation's shades are skin tones, and a cream's that sit on the skin
 * line (L* from 24 to 90, a* and b* within 9 of the neutral skin of that
 * depth: a tinted cream's, not a pearl highlighter's). A skin tone has two
 * families: its depth by L* (fair from 75.6, light from 63.2, medium from
 * 50.8, tan from 38.4, deep below: five equal bands of the skin line from L*
 * 88 to 26), and its undertone by how far a* and b* sit from the neutral skin
 * of that depth (a* = 8 + 6d, b* = 15 + 10 sin(πd) - 3d, d the depth from 0
 * to 1): the nearest of cool (a* +4, b* -5), neutral, warm (+1, +5) and olive
 * (-3, +3).
 *
 * Every other shade (lipstick, lip liner, blush, bronzer, eyeshadow,
 * eyeliner, eyebrow, mascara, palette) gives one family. A colour of C* below
 * 10 is black (L* below 30), grey, or white (L* from 80). By hue: 100° to
 * 200° is green, to 312° blue (sRGB's own blue and navy sit near 306°), to
 * 330° plum; from 330° to 20° (the pinks) it
 * is pink from L* 50, else berry from C* 35, else plum; from 20° to 65° (the
 * reds and browns) red (L* below 52) or coral from C* 45, else nude from L*
 * 50, else brown; from 65° to 100° (the yellows) gold from C* 30, else nude
 * from L* 50, else brown. So lips come in the seven families brands name
 * them by (nude, pink, coral, red, berry, plum, brown), blush and bronzer in
 * those too, and the eyes add the colours they come in.
 */
export const LIP_FAMILIES = ['nude', 'pink', 'coral', 'red', 'berry', 'plum', 'brown'] as const;
export const EYE_FAMILIES = ['gold', 'green', 'blue', 'black', 'grey', 'white'] as const;
export const DEPTHS = ['fair', 'light', 'medium', 'tan', 'deep'] as const;
export const UNDERTONES = ['cool', 'neutral', 'warm', 'olive'] as const;

/** Every family, in the order the catalogue lists them. */
export const COLOUR_FAMILIES = [...LIP_FAMILIES, ...EYE_FAMILIES, ...DEPTHS, ...UNDERTONES] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

/** The families as the catalogue's Colour control groups them. */
export const COLOUR_GROUPS: readonly { label: string; families: readonly ColourFamily[] }[] = [
  { label: 'Colours', families: [...LIP_FAMILIES, ...EYE_FAMILIES] },
  { label: 'Skin tones', families: DEPTHS },
  { label: 'Undertones', families: UNDERTONES },
];

export type Lab = { l: number; a: number; b: number };

const WHITE = { x: 0.95047, y: 1, z: 1.08883 };
const EDGE = 6 / 29;

const linear = (byte: number) => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const toLab = (t: number) => (t > EDGE ** 3 ? Math.cbrt(t) : t / (3 * EDGE ** 2) + 4 / 29);

/** An sRGB hex such as `#a4161a` in CIELAB (D65). */
export function hexToLab(hex: string): Lab {
  const [r, g, b] = [1, 3, 5].map((at) => linear(parseInt(hex.slice(at, at + 2), 16))) as [number, number, number];
  const fx = toLab((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE.x);
  const fy = toLab((0.2126729 * r + 0.7151522 * g + 0.072175 * b) / WHITE.y);
  const fz = toLab((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE.z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** The family of a colour outside the skin tones (see the rule above). */
function hueFamily({ l, a, b }: Lab): ColourFamily {
  const chroma = Math.hypot(a, b);
  if (chroma < 10) return l < 30 ? 'black' : l < 80 ? 'grey' : 'white';
  const hue = ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  if (hue >= 100 && hue < 200) return 'green';
  if (hue >= 200 && hue < 312) return 'blue';
  if (hue >= 312 && hue < 330) return 'plum';
  if (hue >= 330 || hue < 20) return l >= 50 ? 'pink' : chroma >= 35 ? 'berry' : 'plum';
  if (hue < 65) return chroma >= 45 ? (l < 52 ? 'red' : 'coral') : l >= 50 ? 'nude' : 'brown';
  return chroma >= 30 ? 'gold' : l >= 50 ? 'nude' : 'brown';
}

const SKIN_TOP = 88;
const SKIN_SPAN = 62;
const UNDERTONE_SHIFTS: readonly (readonly [ColourFamily, number, number])[] = [
  ['cool', 4, -5],
  ['neutral', 0, 0],
  ['warm', 1, 5],
  ['olive', -3, 3],
];

/** The skin line's lightness (L*) past its ends a cream's shade may sit at and still be a skin tone, and its greatest distance from the line in a* and b*. */
const SKIN_L_MARGIN = 2;
const SKIN_DISTANCE_MAX = 9;

/** Where a colour sits against the neutral skin of its depth: the depth (0 fair to 1 deep) and a*, b* off the line. */
function offSkinLine(lab: Lab) {
  const depth = Math.min(1, Math.max(0, (SKIN_TOP - lab.l) / SKIN_SPAN));
  return { depth, da: lab.a - (8 + 6 * depth), db: lab.b - (15 + 10 * Math.sin(Math.PI * depth) - 3 * depth) };
}

/** Whether a colour is a skin tone: near the skin line, within its lightness. */
function isSkinTone(lab: Lab): boolean {
  const { da, db } = offSkinLine(lab);
  return lab.l <= SKIN_TOP + SKIN_L_MARGIN && lab.l >= SKIN_TOP - SKIN_SPAN - SKIN_L_MARGIN && Math.hypot(da, db) <= SKIN_DISTANCE_MAX;
}

/** A skin tone's depth and undertone. */
function skinFamilies(lab: Lab): [ColourFamily, ColourFamily] {
  const { depth, da, db } = offSkinLine(lab);
  const band = DEPTHS[Math.min(DEPTHS.length - 1, Math.floor(depth * DEPTHS.length))]!;
  const [undertone] = UNDERTONE_SHIFTS.reduce((best, next) =>
    (da - next[1]) ** 2 + (db - next[2]) ** 2 < (da - best[1]) ** 2 + (db - best[2]) ** 2 ? next : best,
  );
  return [band, undertone];
}

/** The families of a shade of a product of the category. */
export function shadeFamilies(category: Category, hex: string): ColourFamily[] {
  const lab = hexToLab(hex);
  return category === 'foundation' || (category === 'cream' && isSkinTone(lab)) ? skinFamilies(lab) : [hueFamily(lab)];
}

/** Each family's bit in a product's families (familiesMask). */
export const familyBit = (family: ColourFamily) => 1 << COLOUR_FAMILIES.indexOf(family);

/**
 * The families of a product's shades in stock, one bit each (familyBit): a
 * shopper filtering by a colour wants that colour on sale. A product without
 * shades has none.
 */
export function familiesMask({
  category,
  shades = [],
}: {
  category: Category;
  shades?: readonly { hex: string; stock: number }[];
}): number {
  let mask = 0;
  for (const { hex, stock } of shades) if (stock > 0) for (const family of shadeFamilies(category, hex)) mask |= familyBit(family);
  return mask;
}

/** Whether a product has a shade in stock of the family. */
export const hasFamily = (product: Parameters<typeof familiesMask>[0], family: ColourFamily) =>
  (familiesMask(product) & familyBit(family)) !== 0;
