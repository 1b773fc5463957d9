import { useMemo, useRef } from 'react';
import type { Product } from '~/src/domain/types';
import { useLoad } from '~/src/ui/useLoad';
import { Favorites, useCatalogue, useCatalogueReads } from './ShopProvider';

/** The favourites a shopper may see (disabled products hidden), in the order they were added, with their load state: from the list, or (paged) read one by one. */
export function useFavoriteProducts() {
  const ids = Favorites.useSelector((s) => s.context.ids);
  const catalogue = useCatalogue();
  const reads = useCatalogueReads();
  const read = useLoad(
    catalogue.paged
      ? async (signal) => {
          const { readProduct } = await import('./productReads');
          return Promise.all(ids.map((id) => readProduct(id, signal)));
        }
      : null,
    [catalogue.paged, ids.join(','), reads],
  );
  // The last favourites read stay shown while the next read runs (one removed leaves at once).
  const lastRead = useRef<Product[]>([]);
  if (read.status === 'done') lastRead.current = read.value.flatMap((p) => (p ? [p] : []));
  const shown = catalogue.paged ? lastRead.current : catalogue.products;
  const favorites = useMemo(() => {
    const byId = new Map(shown.map((p) => [p.id, p]));
    return ids.flatMap((id) => {
      const product = byId.get(id);
      return product && !product.disable ? [product] : [];
    });
  }, [ids, shown]);
  if (!catalogue.paged) return { ...catalogue, ids, favorites };
  return { ...catalogue, ids, favorites, loading: read.status === 'loading', failed: read.status === 'failed', retry: read.retry };
}
