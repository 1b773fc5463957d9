import { useEffect, useId, useState } from 'react';
import { isListedOrderStatus, LISTED_ORDER_STATUSES, type OrderTableQuery } from '~/src/domain/orderTable';
import { TABLE_SEARCH_DELAY_MS } from '~/src/domain/productTable';
import { TableSearch } from '~/src/ui/DataTable/TableSearch';
import * as controls from './ordersControls.css';

const ALL = 'all';

/** The Admin's orders search (buyer email or reference, asked once typing pauses) and status filter. */
export function OrdersToolbar({ query, onAsk }: { query: OrderTableQuery; onAsk(asked: Partial<OrderTableQuery>): void }) {
  const statusId = useId();
  const [text, setText] = useState(query.search);
  useEffect(() => {
    if (text === query.search) return;
    const pause = setTimeout(() => onAsk({ search: text }), TABLE_SEARCH_DELAY_MS);
    return () => clearTimeout(pause);
  }, [text, query.search, onAsk]);
  return (
    <div className={controls.toolbar}>
      <TableSearch
        placeholder="Search by email or #reference"
        label="Search orders by buyer email or reference"
        value={text}
        onChange={setText}
      />
      <span className={controls.filter}>
        <label htmlFor={statusId}>Status</label>
        <select
          id={statusId}
          className={controls.select}
          value={query.status ?? ALL}
          onChange={(event) => onAsk({ status: isListedOrderStatus(event.target.value) ? event.target.value : null })}
        >
          <option value={ALL}>All statuses</option>
          {LISTED_ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
