import { useId } from 'react';
import { ADMIN_ROWS_PER_PAGE } from '../../domain/constants';
import type { OrderTableQuery } from '../../domain/orderTable';
import { isProductTablePageSize } from '../../domain/productTable';
import * as table from '../../ui/DataTable/DataTable.css';
import { usePagerFocus } from '../../ui/DataTable/usePagerFocus';
import { Icon } from '../../ui/icons/Icon';
import * as controls from './ordersControls.css';

/** The Admin's orders pages, as the admin tables page: rows per page, where the rows shown are among all that match, previous and next. */
export function OrdersPager({ query, total, onAsk }: { query: OrderTableQuery; total: number; onAsk(asked: Partial<OrderTableQuery>): void }) {
  const sizeId = useId();
  const { page, pageSize } = query;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const canPrevious = page > 1;
  const canNext = last < total;
  const focus = usePagerFocus(canPrevious, canNext);
  return (
    <div className={table.pager}>
      <span className={table.pageSize}>
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          ref={focus.pageSize}
          id={sizeId}
          className={controls.select}
          value={pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isProductTablePageSize(size)) onAsk({ pageSize: size });
          }}
        >
          {ADMIN_ROWS_PER_PAGE.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      {/* Said when the page, its size, the search or the status changes. */}
      <span aria-live="polite" aria-atomic="true">
        {first}–{last} of {total}
      </span>
      <span className={table.pageButtons}>
        <button ref={focus.previous} type="button" className={table.pageButton} aria-label="Previous page" disabled={!canPrevious} onClick={() => onAsk({ page: page - 1 })}>
          <Icon name="chevronLeft" size={20} />
        </button>
        <button ref={focus.next} type="button" className={table.pageButton} aria-label="Next page" disabled={!canNext} onClick={() => onAsk({ page: page + 1 })}>
          <Icon name="chevronRight" size={20} />
        </button>
      </span>
    </div>
  );
}
