import AdminProductsPage from '~/src/features/adminProducts/AdminProductsPage';
import { CatalogueTransfer } from '~/src/features/adminCatalogueTransfer/CatalogueTransfer';

/** /admin/products/list: the products table, with the catalogue's CSV import and export beside its title. */
export default function AdminProductsRoute() {
  return <AdminProductsPage tools={(reload) => <CatalogueTransfer onImported={reload} />} />;
}
