import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHolds, nameSearch } from './nameSearch';

/** Names whose lower case is longer than they are (İ), that hold letters beyond 16 bits, accents composed or not, spaces and nothing. */
const NAMES = ['Velvet Matte', 'velvet glow', 'İris Glow', 'Éclat', 'E\u0301clat', '\u{1F484} Red', 'Straße', '', '  ', 'Glow 10', 'MATTE'];
const holdersOf = (names: readonly string[], part: string) => [...names.keys()].filter((position) => nameHolds(names[position]!, part));

describe('the name search', () => {
  it('finds the names that hold a part, ignoring case, whatever its length', () => {
    const search = nameSearch(NAMES);
    for (const part of [
      'velvet',
      'VET',
      'glow',
      'i̇ri',
      'İRIS',
      'clat',
      'e\u0301',
      '\u{1F484}',
      '\u{1F484} r',
      'ße',
      'strasse',
      'mat',
      'zz',
      'g',
      '',
      ' ',
      '  g',
      'tte',
    ])
      expect(search.find(part), part).toEqual(holdersOf(NAMES, part));
  });

  it('holds a part as LIKE on lower() does: a part longer than any name, or with LIKE characters, as text', () => {
    const search = nameSearch(['50% off', 'a_b', 'Glow']);
    expect(search.find('%')).toEqual([0]);
    expect(search.find('_')).toEqual([1]);
    expect(search.find('glow glow')).toEqual([]);
  });

  it('extended with more names finds as a search made of all of them, and leaves the one it came from as it was', () => {
    const first = nameSearch(NAMES.slice(0, 5));
    const extended = first.extended(NAMES.slice(5));
    for (const part of ['glow', 'GLOW 1', 'red', 'velvet', 'matte']) {
      expect(extended.find(part)).toEqual(holdersOf(NAMES, part));
      expect(first.find(part)).toEqual(holdersOf(NAMES.slice(0, 5), part));
    }
  });

  it('finds as nameHolds says on generated names and parts', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'É', 'é', 'e\u0301', 'İ', 'i', ' ', '\u{1F484}', 'ß'), maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 30 }),
        fc.array(text, { maxLength: 10 }),
        fc.array(text, { minLength: 1, maxLength: 10 }),
        (names, added, parts) => {
          const all = [...names, ...added];
          const search = nameSearch(names).extended(added);
          for (const part of [...parts, ...all.map((name) => name.slice(1, 5).toUpperCase())])
            expect(search.find(part)).toEqual(holdersOf(all, part));
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});
