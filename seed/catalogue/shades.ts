import type { Category } from '~/src/domain/constants';
import { labToHex } from './colour';
import type { Random } from './random';
import { seededRandom } from './random';
import { type Family, SHADE_FAMILIES } from './shadeFamilies';
import { skinTones } from './skinTones';

export type SeedShade = { name: string; hex: string };

/** How many skin tones a foundation comes in, and a cream tinted to skin. */
export const FOUNDATION_COUNT: [number, number] = [20, 45];
export const TINTED_CREAM_COUNT: [number, number] = [20, 30];
const TINTED_CREAMS = 0.4;

/** The shades' own stream for one product: drawing them changes no other field of the catalogue. */
export const shadeRandom = (seed: number, index: number): Random => seededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);

const within = (random: Random, [low, high]: [number, number]) => low + random.next() * (high - low);

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** `count` shades taken from the families in turn, each a name of its family and a colour from its box, grouped by family. */
function fromFamilies(random: Random, families: readonly Family[], count: number): SeedShade[] {
  const order = shuffled(random, families).map((family) => ({ family, names: shuffled(random, family.names) }));
  const rounds = Math.max(...order.map(({ names }) => names.length));
  const picks = Array.from({ length: rounds }, (_, round) =>
    order.flatMap(({ family, names }, at) => (round < names.length ? [{ at, family, name: names[round]! }] : [])),
  )
    .flat()
    .slice(0, count)
    .sort((one, other) => one.at - other.at);
  return picks.map(({ family, name }) => ({
    name,
    hex: labToHex({ l: within(random, family.l), a: within(random, family.a), b: within(random, family.b) }),
  }));
}

const inSkinTones = (random: Random, count: [number, number]): SeedShade[] =>
  skinTones(random, random.int(...count)).map(({ name, lab }) => ({ name, hex: labToHex(lab) }));

/** The shades a product of the category comes in, the lead shade first. */
export function shadeRange(category: Category, random: Random): SeedShade[] {
  if (category === 'foundation') return inSkinTones(random, FOUNDATION_COUNT);
  if (category === 'cream' && random.chance(TINTED_CREAMS)) return inSkinTones(random, TINTED_CREAM_COUNT);
  const { count, families } = SHADE_FAMILIES[category];
  return fromFamilies(random, families, random.int(...count));
}
