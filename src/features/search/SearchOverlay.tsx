import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useSearchTerm } from '../../app/search/SearchTerm';
import { ShopProductCard } from '../../app/shop/ShopProductCard';
import { storefrontProducts } from '../../domain/productLists';
import type { Product } from '../../domain/types';
import { Icon } from '../../ui/icons/Icon';
import { ProductGrid } from '../../ui/ProductGrid/ProductGrid';
import { Spinner } from '../../ui/Spinner/Spinner';
import * as styles from './SearchOverlay.css';

const DEBOUNCE_MS = 250;

type Results = { term: string; products: Product[] } | { term: string; failed: true };

/** Shown while the search term is not empty: the enabled, in-stock products whose name holds it. */
export default function SearchOverlay() {
  const { term, setTerm } = useSearchTerm();
  const [results, setResults] = useState<Results | null>(null);
  const query = term.trim();

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const { data, error } = await api.GET('/products', { params: { query: { name: query } }, signal: controller.signal }).catch(() => ({ data: undefined, error: true }));
      if (controller.signal.aborted) return;
      setResults(data && !error ? { term: query, products: storefrontProducts(data) } : { term: query, failed: true });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setTerm('');
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setTerm]);

  if (!query) return null;
  const current = results?.term === query ? results : null;
  return (
    <section className={styles.overlay} role="region" aria-label="Search results">
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 className={styles.title}>Search results for: {query}</h2>
          <button type="button" className={styles.close} onClick={() => setTerm('')} aria-label="Clear search">
            <Icon name="close" />
          </button>
        </div>
        {!current ? (
          <Spinner label="Searching" />
        ) : 'failed' in current ? (
          <p className={styles.message} role="alert">
            We couldn't find {query}
          </p>
        ) : current.products.length === 0 ? (
          <p className={styles.message} role="status">
            Product Not Found
          </p>
        ) : (
          <ProductGrid label={`Products matching ${query}`}>{current.products.map((p) => <ShopProductCard key={p.id} product={p} />)}</ProductGrid>
        )}
      </div>
    </section>
  );
}
