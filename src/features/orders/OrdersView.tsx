import { useEffect, useRef, useState } from 'react';
import { canChangeOrderStatus } from '~/src/domain/permissions';
import { cutAddress, cutEmail } from '~/src/domain/truncate';
import { formatPrice } from '~/src/domain/price';
import type { Order, OrderStatus } from '~/src/domain/types';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import { copyReference } from './copyReference';
import { OrderDetails } from './OrderDetails';
import * as look from './ordersControls.css';
import * as styles from './OrdersView.css';

const NEW_NOTE_ID = 'new-order-note';

/** The new order's row, once listed: scrolled into the middle of the view and focused, so a screen reader reads it. */
function useNewRow(listed: boolean) {
  const row = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (!listed || !row.current) return;
    row.current.scrollIntoView({ block: 'center' });
    row.current.focus({ preventScroll: true });
  }, [listed]);
  return row;
}

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const SETTABLE: readonly OrderStatus[] = ['open', 'created', 'processing', 'approved'];

/** An Admin's status controls; without them the list is read-only. */
export interface StatusControls {
  onSetStatus(orderId: number, status: OrderStatus): void;
  onCancel(orderId: number): void;
  /** A change is on its way: the controls wait for it. */
  busy: boolean;
}

/** The chosen status stays pending until Apply, so arrowing through a closed select never moves the order. */
function StatusCell({ order, controls }: { order: Order; controls?: StatusControls }) {
  const [choice, setChoice] = useState<OrderStatus | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  // Apply turns itself off while the change runs; once it is done the focus goes back to the row's status, or (final) its View.
  const [refocus, setRefocus] = useState(false);
  const busy = controls?.busy ?? false;
  useEffect(() => {
    if (!refocus || busy) return;
    setRefocus(false);
    const target =
      select.current && !select.current.disabled
        ? select.current
        : select.current?.closest('tr')?.querySelector<HTMLElement>('[data-view-order]');
    target?.focus();
  }, [refocus, busy]);
  if (!controls) return <span className={styles.status}>{order.status}</span>;
  const choices = SETTABLE.filter((status) => status === order.status || canChangeOrderStatus(order.status, status));
  const pending = choice !== null && choice !== order.status ? choice : null;
  const apply = () => {
    if (!pending) return;
    setChoice(null);
    setRefocus(true);
    controls.onSetStatus(order.id, pending);
  };
  return (
    <span className={styles.controls}>
      <select
        ref={select}
        className={look.select}
        aria-label={`Status of order #${order.id}`}
        value={pending ?? order.status}
        disabled={controls.busy || choices.length < 2}
        onChange={(event) => setChoice(event.target.value as OrderStatus)}
      >
        {choices.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      {choices.length > 1 && (
        <button
          type="button"
          className={look.rowButton}
          aria-label={`Apply status to order #${order.id}`}
          disabled={controls.busy || !pending}
          onClick={apply}
        >
          Apply
        </button>
      )}
      {canChangeOrderStatus(order.status, 'cancelled') && (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Cancel order #${order.id}`}
          disabled={controls.busy}
          onClick={() => controls.onCancel(order.id)}
        >
          <ScreenIcon name="trash" size={18} />
        </button>
      )}
    </span>
  );
}

interface OrdersViewProps {
  orders: Order[];
  admin: boolean;
  controls?: StatusControls;
  labelledBy: string;
  /** Said when no order is listed. */
  empty?: string;
  /** The order just placed (/order?new=): marked New, scrolled to and focused once listed. */
  newOrderId?: number | null;
}

/** Orders as a table: an Admin sees whose they are (USERS), a shopper their own (USERS ID); each opens its details. */
export function OrdersView({ orders, admin, controls, labelledBy, empty = 'No orders yet.', newOrderId = null }: OrdersViewProps) {
  const [open, setOpen] = useState<number | null>(null);
  const newRow = useNewRow(orders.some((order) => order.id === newOrderId));
  if (orders.length === 0) return <p className={styles.empty}>{empty}</p>;
  const details = orders.find((order) => order.id === open);
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th className={styles.head} scope="col">
              {admin ? 'USERS' : 'USERS ID'}
            </th>
            <th className={styles.head} scope="col">
              STATUS
            </th>
            <th className={styles.head} scope="col">
              Order
            </th>
            <th className={styles.head} scope="col">
              Date
            </th>
            <th className={styles.head} scope="col">
              Address
            </th>
            <th className={styles.head} scope="col">
              Total
            </th>
            <th className={styles.head} scope="col">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr
              key={order.id}
              {...(order.id === newOrderId ? { ref: newRow, tabIndex: -1, className: styles.newRow, 'aria-describedby': NEW_NOTE_ID } : {})}
            >
              <td className={styles.cell} title={admin ? order.userEmail : order.userId}>
                {admin ? cutEmail(order.userEmail) : order.userId}
              </td>
              <td className={styles.cell}>
                <StatusCell order={order} controls={controls} />
              </td>
              <td className={styles.cell}>
                <button
                  type="button"
                  className={look.reference}
                  onClick={() => void copyReference(order.id)}
                  aria-label={`Copy order reference #${order.id}`}
                >
                  #{order.id}
                </button>
                {order.id === newOrderId && (
                  <span id={NEW_NOTE_ID} className={styles.newBadge}>
                    New<span className={visuallyHidden}>, the order you just placed</span>
                  </span>
                )}
              </td>
              <td className={styles.cell}>{date.format(new Date(order.createdAt))}</td>
              <td className={styles.cell} title={order.address}>
                {cutAddress(order.address)}
              </td>
              <td className={styles.cell}>{formatPrice(order.totalPrice)}</td>
              <td className={styles.cell}>
                <button type="button" className={look.rowButton} data-view-order onClick={() => setOpen(order.id)}>
                  View order #{order.id}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {details && <OrderDetails order={details} onClose={() => setOpen(null)} />}
    </div>
  );
}
