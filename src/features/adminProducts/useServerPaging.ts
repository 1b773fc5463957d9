import { useMemo } from 'react';
import { isProductTableColumn, isProductTablePageSize, type ProductTableQuery } from '~/src/domain/productTable';
import type { DataTableSort, ServerPaging } from '~/src/ui/DataTable/DataTable';
import { AdminProducts } from './AdminProductsActor';

/** The table's sort as GET /products/admin sorts, or undefined for a column it does not sort by. */
function tableSort(sort: DataTableSort | null): ProductTableQuery['sort'] | undefined {
  if (!sort) return null;
  return isProductTableColumn(sort.id) ? { column: sort.id, order: sort.desc ? 'desc' : 'asc' } : undefined;
}

/** The table's server paging when the machine reads it a page at a time (undefined for the whole list): what it shows, and the page, size or sort it asks for. */
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
            sort: query.sort && { id: query.sort.column, desc: query.sort.order === 'desc' },
            onShow: ({ page, pageSize, sort }) => {
              // The table offers only the page sizes and sorts the server takes: anything else is not asked.
              const asked = tableSort(sort);
              if (isProductTablePageSize(pageSize) && asked !== undefined) actor.send({ type: 'SHOW', page, pageSize, sort: asked });
            },
          }
        : undefined,
    [actor, paged, query, total],
  );
}
