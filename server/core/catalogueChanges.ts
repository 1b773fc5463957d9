import type { ProductRow } from './ports';

/**
 * How a storefront catalogue an adapter answers was made from the one it
 * answered before: the entries changed since (each in place of its id's, or
 * added) and the ids that left the storefront. The index made for `from` is
 * patched with them instead of made again.
 */
export interface CatalogueChange {
  from: readonly ProductRow[];
  changed: readonly ProductRow[];
  removed: readonly number[];
}

const changes = new WeakMap<readonly ProductRow[], CatalogueChange>();

/** Notes how `entries` was made; the note of the catalogue it was made from is let go of, so no chain of old catalogues is kept. */
export function noteCatalogueChange(entries: readonly ProductRow[], change: CatalogueChange): void {
  changes.delete(change.from);
  changes.set(entries, change);
}

export const catalogueChangeOf = (entries: readonly ProductRow[]): CatalogueChange | undefined => changes.get(entries);

/** Past this many products written between two catalogues, a change is taken as any other: telling them apart costs more than it saves. */
const MOST_COMPARED = 1000;

/**
 * The ids of the products whose stock alone changed from the storefront
 * catalogue `before` to `after` (a sale, a restock), each on the storefront
 * in both, so no product came or went and no order, count or price moved;
 * null when anything else changed. `after` is made as the SQL store makes
 * it: `before`'s entries not written since, in their order and the same
 * objects, then those written since. A catalogue read whole again shares no
 * entry with it: every product counts as written.
 */
export function stockChangedOnly(before: readonly ProductRow[], after: readonly ProductRow[]): ReadonlySet<number> | null {
  const written = new Map<number, ProductRow>();
  let from = 0;
  let kept = 0;
  const writtenUpTo = (end: number) => {
    if (written.size + end - from > MOST_COMPARED) return false;
    for (; from < end; from++) written.set(before[from]!.id, before[from]!);
    return true;
  };
  for (; kept < after.length; kept++) {
    let at = from;
    while (at < before.length && before[at] !== after[kept]) at++;
    if (at === before.length) break;
    if (!writtenUpTo(at)) return null;
    from = at + 1;
  }
  if (!writtenUpTo(before.length) || written.size !== after.length - kept) return null;
  const stocks = new Set<number>();
  for (const now of after.slice(kept)) {
    const was = written.get(now.id);
    written.delete(now.id);
    if (!was || JSON.stringify({ ...was, stock: now.stock }) !== JSON.stringify(now)) return null;
    if (was.stock !== now.stock) stocks.add(now.id);
  }
  return stocks;
}
