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
