import { fromPromise } from 'xstate';
import type { ProductChange } from '../../../machines/adminProducts.machine';
import { api } from '../../api/client';
import { dataOf, productList } from '../../api/replies';
import type { Product } from '../../domain/types';

/** The admin product list's calls: an Admin's GET /products holds the disabled products too. */
export const adminProductsActors = {
  load: fromPromise<Product[]>(async () => productList(dataOf(await api.GET('/products'), { failure: 'The products could not be loaded.' }))),
  change: fromPromise<Product[], ProductChange>(async ({ input }) =>
    // The server's own message names what it refused (an unknown product, a discount out of range).
    dataOf(await api.PATCH('/products/bulk', { body: input }), { failure: 'The products could not be changed.' }),
  ),
};
