import { useMemo } from 'react';
import type { ProductTableColumn, ProductTablePageSize } from '../../domain/productTable';
import type { ServerPaging } from '../../ui/DataTable/DataTable';
import { AdminProducts } from './AdminProductsActor';

/** The table's server paging when the machine reads it a page at a time (undefined for the whole list): what it shows, and the events it sends. */
export function useServerPaging(): ServerPaging | undefined {
  const actor = AdminProducts.useActorRef();
  const paged = AdminProducts.useSelector((s) => s.context.mode === 'paged');
  const query = AdminProducts.useSelector((s) => s.context.query);
  const total = AdminProducts.useSelector((s) => s.context.total);
  return useMemo(
    () =>
      paged
        ? {
            total,
            page: query.page,
            pageSize: query.pageSize,
            search: query.name,
            sort: query.sort && { id: query.sort.column, desc: query.sort.order === 'desc' },
            onShow: ({ page, pageSize, sort }) =>
              actor.send({
                type: 'SHOW',
                page,
                pageSize: pageSize as ProductTablePageSize,
                sort: sort && { column: sort.id as ProductTableColumn, order: sort.desc ? 'desc' : 'asc' },
              }),
            onSearch: (name) => actor.send({ type: 'SEARCH', name }),
          }
        : undefined,
    [actor, paged, query, total],
  );
}
