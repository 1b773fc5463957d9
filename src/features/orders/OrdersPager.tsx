import type { OrderTableQuery } from '~/src/domain/orderTable';
import { isProductTablePageSize } from '~/src/domain/productTable';
import { TablePager } from '~/src/ui/DataTable/TablePager';

/** The Admin's orders pages, with the admin tables' pager: each page or size asked of the server. */
export function OrdersPager({
  query,
  total,
  onAsk,
}: {
  query: OrderTableQuery;
  total: number;
  onAsk(asked: Partial<OrderTableQuery>): void;
}) {
  const { page, pageSize } = query;
  const last = Math.min(total, page * pageSize);
  return (
    <TablePager
      first={total === 0 ? 0 : (page - 1) * pageSize + 1}
      last={last}
      total={total}
      pageSize={pageSize}
      canPrevious={page > 1}
      canNext={last < total}
      onPageSize={(size) => isProductTablePageSize(size) && onAsk({ pageSize: size })}
      onPrevious={() => onAsk({ page: page - 1 })}
      onNext={() => onAsk({ page: page + 1 })}
    />
  );
}
