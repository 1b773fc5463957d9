import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { PeekPage } from '~/machines/catalogueFilter.machine';
import { ShopProductCard } from '~/src/state/shop/ShopProductCard';
import { loadedCatalogue } from '~/src/state/shop/loadedCatalogue';
import { Products, useCatalogue, useCatalogueReads } from '~/src/state/shop/ShopProvider';
import { SORTS, SORT_LABELS, type Sort } from '~/src/domain/catalogue';
import { parseCatalogueQuery } from '~/src/domain/catalogueQuery';
import { catalogueSearch } from '~/src/domain/catalogueUrl';
import { brandName } from '~/src/domain/brands';
import { pathCategory } from '~/src/domain/pathCategory';
import type { Category } from '~/src/domain/constants';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { ProductGrid } from '~/src/ui/ProductGrid/ProductGrid';
import { Pending } from '~/src/ui/Pending/Pending';
import { catalogueFilterInput, catalogueFilterLogic, knownPages } from './catalogueFilter.logic';
import * as styles from './CataloguePage.css';
import { ColourSelect } from './ColourSelect';
import { PriceInput } from './PriceInput';

const NO_MATCH = 'Sorry! No matches found, please try another combination';

/** /catalogue, and /listproducts/{category}: the catalogue opened on one category (the app sends an unknown one to the not-found page). */
export default function CataloguePage() {
  const category = pathCategory(useParams().category) ?? undefined;
  return <Catalogue key={category ?? 'all'} category={category} />;
}

function Catalogue({ category }: { category: Category | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const reads = useCatalogueReads();
  const productsActor = Products.useActorRef();
  // The list held, once loaded (a paged catalogue holds none).
  const listed = !catalogue.paged && !catalogue.loading && !catalogue.failed ? catalogue.products : null;
  const peek = useMemo<PeekPage>(() => knownPages(catalogue.paged, reads, listed), [catalogue.paged, reads, listed]);
  // The machine's actor is made once; it reads through the current reads.
  const currentReads = useRef(reads);
  currentReads.current = reads;
  const fixed = category !== undefined;
  const [state, send] = useMachine(
    catalogueFilterLogic({ catalogue: () => loadedCatalogue(productsActor), reads: () => currentReads.current, navigate, category }),
    { input: catalogueFilterInput(location.search, category, peek) },
  );
  const { filter, sort, notFound, panelOpen, result: view } = state.context;

  const started = useRef(peek);
  useEffect(() => {
    if (peek !== started.current) send({ type: 'CATALOGUE', peek });
    started.current = peek;
  }, [peek, send]);
  useEffect(() => {
    if (location.search !== catalogueSearch(state.context, fixed))
      send({ type: 'FROM_URL', ...parseCatalogueQuery(new URLSearchParams(location.search), category) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of URL (Back, Forward, a link) moves the machine; its own changes are in it
  }, [location.search]);

  const brands = view?.facets.brands.map((f) => f.value) ?? [];
  const categories = view?.facets.categories.map((f) => f.value) ?? [];

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>{category ?? 'Catalogue'}</h1>
        <div className={styles.tools}>
          <label className={styles.label}>
            Sort by
            <select className={styles.select} value={sort} onChange={(e) => send({ type: 'SORT', sort: e.target.value as Sort })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls="catalogue-filters"
            onClick={() => send({ type: 'TOGGLE_PANEL' })}
          >
            {panelOpen ? 'Hide filters' : 'Show filters'}
          </Button>
        </div>
      </div>
      <div className={styles.layout}>
        {panelOpen && (
          <form id="catalogue-filters" className={styles.panel} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
            <label className={styles.label}>
              Brand
              <select
                className={styles.select}
                value={filter.brands}
                onChange={(e) => send({ type: 'FILTER', patch: { brands: e.target.value as typeof filter.brands } })}
              >
                <option value="all">All brands</option>
                {brands.map((b) => (
                  <option key={b} value={b}>
                    {brandName(b)}
                  </option>
                ))}
              </select>
            </label>
            {!fixed && (
              <label className={styles.label}>
                Category
                <select
                  className={styles.select}
                  value={filter.categories}
                  onChange={(e) => send({ type: 'FILTER', patch: { categories: e.target.value as typeof filter.categories } })}
                >
                  <option value="all">All categories</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <ColourSelect
              value={filter.colour}
              facets={view?.facets.colours ?? []}
              onChange={(colour) => send({ type: 'FILTER', patch: { colour } })}
            />
            <div className={styles.prices}>
              <PriceInput label="Min price" value={filter.priceMin} onApply={(priceMin) => send({ type: 'FILTER', patch: { priceMin } })} />
              <PriceInput label="Max price" value={filter.priceMax} onApply={(priceMax) => send({ type: 'FILTER', patch: { priceMax } })} />
            </div>
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={filter.offers}
                onChange={(e) => send({ type: 'FILTER', patch: { offers: e.target.checked } })}
              />
              Offers only
            </label>
            <Button variant="ghost" onClick={() => send({ type: 'RESET' })}>
              Reset filters
            </Button>
          </form>
        )}
        <div className={styles.results} aria-busy={state.hasTag('loading')}>
          {notFound && (
            <p className={styles.notFound} role="alert">
              {NO_MATCH}
            </p>
          )}
          {state.matches('failed') ? (
            <ErrorState message="The products could not be loaded." onRetry={() => send({ type: 'RETRY' })} />
          ) : !view ? (
            <Pending label="Loading products" />
          ) : (
            <>
              <p className={styles.count} role="status">
                {view.total} {view.total === 1 ? 'product' : 'products'}
              </p>
              <ProductGrid label="Products" priorityFirst>
                {view.items.map((p) => (
                  <ShopProductCard key={p.id} product={p} />
                ))}
              </ProductGrid>
              <nav className={styles.pagination} aria-label="Pages">
                <Button
                  variant="ghost"
                  aria-label="Previous page"
                  disabled={view.page <= 1}
                  onClick={() => send({ type: 'PAGE', page: view.page - 1 })}
                >
                  <ScreenIcon name="chevronLeft" />
                </Button>
                <span aria-current="page">
                  Page {view.page} of {view.pageCount}
                </span>
                <Button
                  variant="ghost"
                  aria-label="Next page"
                  disabled={view.page >= view.pageCount}
                  onClick={() => send({ type: 'PAGE', page: view.page + 1 })}
                >
                  <ScreenIcon name="chevronRight" />
                </Button>
              </nav>
            </>
          )}
        </div>
      </div>
    </>
  );
}
