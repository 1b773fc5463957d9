import { useEffect, useState } from 'react';
import { useSearchTerm } from '~/src/state/search/SearchTerm';
import { askPage } from '~/src/state/shop/productReads';
import { ShopProductCard } from '~/src/state/shop/ShopProductCard';
import { SEARCH_RESULTS } from '~/src/domain/constants';
import type { Product } from '~/src/domain/types';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { ProductGrid } from '~/src/ui/ProductGrid/ProductGrid';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { useLoad } from '~/src/ui/useLoad';
import * as styles from './SearchOverlay.css';

const DEBOUNCE_MS = 250;

/** The first SEARCH_RESULTS storefront products whose name holds the term, most popular first: one page, however large the catalogue. */
async function search(term: string, signal: AbortSignal): Promise<Product[]> {
  if (!term) return [];
  return (await askPage({ name: term, page: 1, pageSize: SEARCH_RESULTS }, signal)).items;
}

/** The term once it has stopped changing for `ms`. */
function useSettled(term: string, ms: number): string {
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(term), ms);
    return () => window.clearTimeout(timer);
  }, [term, ms]);
  return settled;
}

/** Shown while the search term is not empty: the enabled, in-stock products whose name holds it. */
export default function SearchOverlay() {
  const { term, setTerm } = useSearchTerm();
  const query = term.trim();
  const settled = useSettled(query, DEBOUNCE_MS);
  const results = useLoad((signal) => search(settled, signal), [settled]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setTerm('');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setTerm]);

  if (!query) return null;
  const current = settled === query ? results : ({ status: 'loading' } as const);
  return (
    <section className={styles.overlay} aria-label="Search results">
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 className={styles.title}>Search results for: {query}</h2>
          <button type="button" className={styles.close} onClick={() => setTerm('')} aria-label="Clear search">
            <ScreenIcon name="close" />
          </button>
        </div>
        {current.status === 'loading' ? (
          <Spinner label="Searching" />
        ) : current.status === 'failed' ? (
          <ErrorState message={`We couldn't find ${query}`} onRetry={results.retry} />
        ) : current.value.length === 0 ? (
          <p className={styles.message} role="status">
            Product Not Found
          </p>
        ) : (
          <ProductGrid label={`Products matching ${query}`}>
            {current.value.map((p) => (
              <ShopProductCard key={p.id} product={p} />
            ))}
          </ProductGrid>
        )}
      </div>
    </section>
  );
}
