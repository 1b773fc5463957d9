import type { Changed } from '~/src/domain/pageUnchanged';
import type { ProductRow } from './ports';

/**
 * How a storefront catalogue an adapter answers was made from the one it
 * answered before: the entries changed since (each in place of its id's, or
 * added) and the ids written since that are off the storefront: those `from`
 * held left it, and on PostgreSQL, whose snapshots may reach back past the
 * last read (another database's open transaction holds the cluster's xmin),
 * others that were never on it. The index made for `from` is patched with
 * them instead of made again.
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
 * The products that changed from the storefront catalogue `before` to
 * `after`, each as it was and as it is; null when more than MOST_COMPARED
 * were written. `after` is made as the SQL store makes it: `before`'s
 * entries not written since, in their order and the same objects, then those
 * written since. A catalogue read whole again shares no entry with it: every
 * product counts as written.
 */
export function productChanges(before: readonly ProductRow[], after: readonly ProductRow[]): Changed<ProductRow>[] | null {
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
  if (!writtenUpTo(before.length) || after.length - kept > MOST_COMPARED) return null;
  const changes: Changed<ProductRow>[] = [];
  for (const now of after.slice(kept)) {
    const was = written.get(now.id);
    written.delete(now.id);
    if (!was || JSON.stringify(was) !== JSON.stringify(now)) changes.push([was, now]);
  }
  for (const was of written.values()) changes.push([was, undefined]);
  return changes;
}
