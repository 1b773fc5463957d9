import { fromPromise } from 'xstate';
import type { ProductChange, TableMode, TableRead } from '~/machines/adminProducts.machine';
import { api } from '~/src/api/client';
import { dataOf, productList } from '~/src/api/replies';
import { isPagedProductTable, productTableParams, type ProductTableQuery } from '~/src/domain/productTable';
import type { Product } from '~/src/domain/types';

const LOAD_FAILED = 'The products could not be loaded.';

/**
 * The admin product list's calls. A table not known yet asks for its first
 * page (GET /products/admin, every product counted, disabled ones too): past
 * the paging threshold that page is the table, else the whole list is read
 * (an Admin's GET /products holds the disabled products too). A whole
 * list read again past the threshold (after an import) turns paged.
 */
export const adminProductsActors = {
  load: fromPromise<TableRead, { mode: TableMode; query: ProductTableQuery }>(async ({ input }) => {
    const readPage = async (): Promise<TableRead> => {
      const page = dataOf(await api.GET('/products/admin', { params: { query: productTableParams(input.query) } }), {
        failure: LOAD_FAILED,
      });
      return { paged: true, products: page.items, page: page.page, total: page.total };
    };
    if (input.mode !== 'list') {
      const read = await readPage();
      if (input.mode === 'paged' || (read.paged && isPagedProductTable(read.total))) return read;
    }
    const products = productList(dataOf(await api.GET('/products'), { failure: LOAD_FAILED }));
    // A list grown past the threshold (an import) is paged from now on.
    return input.mode === 'list' && isPagedProductTable(products.length) ? readPage() : { paged: false, products };
  }),
  change: fromPromise<Product[], ProductChange>(async ({ input }) =>
    // The server's own message names what it refused (an unknown product, a discount out of range).
    dataOf(await api.PATCH('/products/bulk', { body: input }), { failure: 'The products could not be changed.' }),
  ),
};
