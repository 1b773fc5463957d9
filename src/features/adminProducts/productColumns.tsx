import { brandName } from '~/src/domain/brands';
import { lowShades, shadeSummary } from '~/src/domain/lowShades';
import { formatAdminPrice, formatDiscount } from '~/src/domain/price';
import type { Product } from '~/src/domain/types';
import { columnsFor } from '~/src/ui/DataTable/columns';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './AdminProductsPage.css';
import { AvailableIcon, BlockedIcon } from './ProductIcons';
import { ProductRowMenu } from './ProductRowMenu';

const column = columnsFor<Product>();

/** Spec section 2 'Admin products screen': Name, Brand, Price, Discount, Final Price, Stock, Status and the row menu; then the shades: their count, and how many are low on stock, named for a screen reader and in a tooltip. */
export const PRODUCT_COLUMNS = [
  column.accessor('name', { header: 'Name', cell: ({ getValue }) => <span className={styles.name}>{getValue()}</span> }),
  column.accessor('brand', { header: 'Brand', cell: ({ getValue }) => brandName(getValue()) }),
  column.accessor('price', { header: 'Price', cell: ({ getValue }) => formatAdminPrice(getValue()), meta: { numeric: true } }),
  column.accessor('discount', { header: 'Discount', cell: ({ getValue }) => formatDiscount(getValue()), meta: { numeric: true } }),
  column.accessor('totalPrice', { header: 'Final Price', cell: ({ getValue }) => formatAdminPrice(getValue()), meta: { numeric: true } }),
  column.accessor('stock', { header: 'Stock', meta: { numeric: true } }),
  column.display({
    id: 'shades',
    header: 'Shades',
    meta: { numeric: true },
    cell: ({ row }) => {
      const { count, low } = shadeSummary(row.original);
      const names = lowShades(row.original).map((shade) => `${shade.name} (${shade.stock})`);
      return (
        <span className={styles.shades}>
          {count}
          {low && ' '}
          {low && (
            <span className={styles.lowShades} title={`Low on stock: ${names.join(', ')}`}>
              {low}
            </span>
          )}
          {low && <span className={visuallyHidden}>: {names.join(', ')}</span>}
        </span>
      );
    },
  }),
  column.accessor((product) => (product.disable ? 'Disabled' : 'Available'), {
    id: 'status',
    header: 'Status',
    cell: ({ getValue }) => {
      const status = getValue();
      return (
        <span className={status === 'Disabled' ? styles.statusTone.disabled : styles.statusTone.available} title={status}>
          {status === 'Disabled' ? <BlockedIcon /> : <AvailableIcon />}
          <span className={visuallyHidden}>{status}</span>
        </span>
      );
    },
  }),
  column.display({
    id: 'menu',
    header: () => <span className={visuallyHidden}>Actions</span>,
    meta: { rowActions: true },
    cell: ({ row }) => <ProductRowMenu product={row.original} />,
  }),
];

/** What the search box looks in: the name only, as GET /products/admin searches a paged table, so a whole list and a paged one find the same rows. */
export const productSearchText = (product: Product) => product.name;
