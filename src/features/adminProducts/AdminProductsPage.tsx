import { useMemo, type ReactNode } from 'react';
import type { Product } from '~/src/domain/types';
import { useCatalogueChanged } from '~/src/state/shop/catalogueChanged';
import { Button } from '~/src/ui/Button/Button';
import { DataTable, type DataTableTexts } from '~/src/ui/DataTable/DataTable';
import { notifyFailure } from '~/src/ui/toast';
import { AdminProducts } from './AdminProductsActor';
import { adminProductsLogic } from './adminProducts.logic';
import * as styles from './AdminProductsPage.css';
import { DiscountDialog } from './DiscountDialog';
import { PRODUCT_COLUMNS, productSearchText } from './productColumns';
import { useServerPaging } from './useServerPaging';

const TEXTS: DataTableTexts = {
  empty: 'No products found',
  noMatch: 'Product not found',
  loading: 'Loading products',
  failed: 'The products could not be loaded.',
};

const idOf = (product: Product) => String(product.id);
const nameOf = (product: Product) => product.name;

interface AdminProductsPageProps {
  /** More tools beside the title (the app puts the CSV import and export here), given `reload` to call after adding products. */
  tools?: (reload: () => void) => ReactNode;
}

/** /admin/products/list: every product, with the Admin's changes; each change that works refreshes the storefront's list. */
export default function AdminProductsPage({ tools }: AdminProductsPageProps) {
  const catalogueChanged = useCatalogueChanged();
  const logic = useMemo(() => adminProductsLogic({ refreshStorefront: catalogueChanged, notifyFailure }), [catalogueChanged]);
  return (
    <AdminProducts.Provider logic={logic}>
      <ProductList tools={tools} />
    </AdminProducts.Provider>
  );
}

function ProductList({ tools }: AdminProductsPageProps) {
  const actor = AdminProducts.useActorRef();
  const products = AdminProducts.useSelector((s) => s.context.products);
  const selection = AdminProducts.useSelector((s) => s.context.selection);
  const status = AdminProducts.useSelector((s) => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const busy = AdminProducts.useSelector((s) => s.hasTag('busy'));
  const discounting = AdminProducts.useSelector((s) => s.matches({ ready: 'discounting' }));
  const selectedIds = useMemo(() => selection.map(String), [selection]);
  // The machine's in every mode: what is typed before the first read tells the mode is kept, for a page read or the list's search.
  const search = AdminProducts.useSelector((s) => s.context.query.name);
  const serverPaging = useServerPaging();

  return (
    <section className={styles.page} aria-labelledby="admin-products-title" aria-busy={busy || undefined}>
      <h1 id="admin-products-title" className={styles.title}>
        Product list
      </h1>
      {tools?.(() => actor.send({ type: 'RELOAD' }))}
      <DataTable
        label="Products"
        columns={PRODUCT_COLUMNS}
        data={products}
        getRowId={idOf}
        rowLabel={nameOf}
        searchPlaceholder="Search product..."
        searchText={productSearchText}
        texts={TEXTS}
        status={status}
        onRetry={() => actor.send({ type: 'RETRY' })}
        selectedIds={selectedIds}
        onSelectedIdsChange={(ids) => actor.send({ type: 'SELECT', ids: ids.map(Number) })}
        search={search}
        onSearchChange={(name) => actor.send({ type: 'SEARCH', name })}
        serverPaging={serverPaging}
        toolbar={() => (
          <span className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'OPEN_DISCOUNT' })}>
              Add Discount
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'SET_DISABLED_SELECTED', disable: true })}>
              Disable
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'SET_DISABLED_SELECTED', disable: false })}>
              Enable
            </Button>
          </span>
        )}
      />
      <DiscountDialog
        open={discounting}
        count={selection.length}
        onApply={(discount) => actor.send({ type: 'APPLY_DISCOUNT', discount })}
        onClose={() => actor.send({ type: 'CLOSE_DISCOUNT' })}
      />
    </section>
  );
}
