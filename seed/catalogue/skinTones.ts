import type { Lab } from './colour';
import type { Random } from './random';

/**
 * A range of skin tones, the way foundations come, in CIELAB (D65). L* is the depth: it falls evenly from
 * 88 (fair) to 26 (deep) along the range. a* (redness) rises from 8 to 14 with depth and b* (yellowness)
 * peaks in the medium tones (about 23) and eases at both ends (15 fair, 12 deep). The undertone then moves
 * a* and b*: cool is pinker (a* +4, b* -5), warm more golden (a* +1, b* +5), olive greener and yellow
 * (a* -3, b* +3), neutral stays on the line. Each draw adds at most 1 to each value, so no two ranges match.
 */
export const UNDERTONES = ['cool', 'neutral', 'warm', 'olive'] as const;
export type Undertone = (typeof UNDERTONES)[number];

const SHIFT: Record<Undertone, { a: number; b: number; word: string; letter: string }> = {
  cool: { a: 4, b: -5, word: 'Cool', letter: 'C' },
  neutral: { a: 0, b: 0, word: 'Neutral', letter: 'N' },
  warm: { a: 1, b: 5, word: 'Warm', letter: 'W' },
  olive: { a: -3, b: 3, word: 'Olive', letter: 'O' },
};

/** Fair, light, medium, tan and deep: the words brands name each depth with. */
const DEPTHS = [
  ['Porcelain', 'Ivory', 'Alabaster', 'Shell', 'Linen'],
  ['Sand', 'Beige', 'Buff', 'Vanilla', 'Natural'],
  ['Honey', 'Almond', 'Golden', 'Caramel', 'Tawny'],
  ['Amber', 'Toffee', 'Chestnut', 'Cinnamon', 'Sienna'],
  ['Mocha', 'Espresso', 'Cocoa', 'Mahogany', 'Ebony'],
] as const;

export type SkinTone = { name: string; lab: Lab; undertone: Undertone };

/**
 * `count` skin tones from fair to deep, the undertones in turn, named "220 Warm Sand" or "N10 Espresso"
 * (one style per range): the number grows with depth, so names never repeat within a range.
 */
export function skinTones(random: Random, count: number): SkinTone[] {
  const start = random.int(0, UNDERTONES.length - 1);
  const lettered = random.chance(0.5);
  const inDepth = DEPTHS.map(() => 0);
  const jitter = () => random.next() * 2 - 1;
  return Array.from({ length: count }, (_, index) => {
    const depth = index / (count - 1);
    const band = Math.min(DEPTHS.length - 1, Math.floor(depth * DEPTHS.length));
    const step = inDepth[band]!;
    inDepth[band] = step + 1;
    const undertone = UNDERTONES[(start + index) % UNDERTONES.length]!;
    const shift = SHIFT[undertone];
    const lab = {
      l: 88 - 62 * depth + jitter(),
      a: 8 + 6 * depth + shift.a + jitter(),
      b: 15 + 10 * Math.sin(Math.PI * depth) - 3 * depth + shift.b + jitter(),
    };
    const noun = DEPTHS[band]![step % DEPTHS[band]!.length];
    const name = lettered ? `${shift.letter}${(index + 1) * 5} ${noun}` : `${band + 1}${step + 1}0 ${shift.word} ${noun}`;
    return { name, lab, undertone };
  });
}
