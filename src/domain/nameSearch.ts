/**
 * Whether the name holds the part, ignoring case as JavaScript lowers it:
 * the storefront's name search, and the mock store's. The searches run in
 * SQL (the Admin's table, the whole list's ?name=) read lower(name) LIKE
 * '%part%', which agrees on every name of ASCII letters; a few other letters
 * lower differently there (PostgreSQL makes İ an i, JavaScript an i with a
 * dot above; a C-locale database leaves non-ASCII letters as they are).
 */
export const nameHolds = (name: string, part: string) => name.toLowerCase().includes(part.toLowerCase());

/** Below this many characters a part has no trigram, and every name is read. */
const GRAM = 3;

/** The names that hold a part, found among many through their trigrams (as PostgreSQL's pg_trgm finds them for LIKE '%part%'). */
export interface NameSearch {
  /** The positions, ascending, of the names that hold the part, as nameHolds says. */
  find(part: string): number[];
  /** The search of these names followed by `added` (their positions next), made from this one: only the trigrams of the added names are copied. */
  extended(added: readonly string[]): NameSearch;
}

function gramsOf(lowered: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= lowered.length; i++) grams.add(lowered.slice(i, i + GRAM));
  return grams;
}

/** The values both ascending lists hold. */
function intersection(a: readonly number[], b: readonly number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      both.push(a[i]!);
      i++;
      j++;
    }
  }
  return both;
}

function searchOf(lowered: readonly string[], postings: ReadonlyMap<string, readonly number[]>): NameSearch {
  return {
    find(part) {
      const wanted = part.toLowerCase();
      const holding = (positions: Iterable<number>) => [...positions].filter((position) => lowered[position]!.includes(wanted));
      if (wanted.length < GRAM) return holding(lowered.keys());
      const lists: (readonly number[])[] = [];
      for (const gram of gramsOf(wanted)) lists.push(postings.get(gram) ?? []);
      lists.sort((a, b) => a.length - b.length);
      // A part of 3 characters is its one trigram; a longer one's names hold its two rarest trigrams, and are read to see that they hold it whole.
      if (wanted.length === GRAM) return [...lists[0]!];
      return holding(lists.length > 1 ? intersection(lists[0]!, lists[1]!) : lists[0]!);
    },
    extended(added) {
      const names = [...lowered, ...added.map((name) => name.toLowerCase())];
      const grown = new Map<string, number[]>();
      for (let position = lowered.length; position < names.length; position++) {
        for (const gram of gramsOf(names[position]!)) {
          let list = grown.get(gram);
          if (!list) grown.set(gram, (list = [...(postings.get(gram) ?? [])]));
          list.push(position);
        }
      }
      return searchOf(names, new Map([...postings, ...grown]));
    },
  };
}

/** The name search of these names, a name's position its place in the list. */
export function nameSearch(names: readonly string[]): NameSearch {
  return searchOf([], new Map()).extended(names);
}
