import { cutAddress, cutEmail } from '../../domain/truncate';
import { formatPrice } from '../../domain/price';
import type { Order } from '../../domain/types';
import { notify } from '../../ui/toast';
import * as styles from './OrdersView.css';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Orders as a table: an Admin sees whose they are (USERS), a shopper their own (USERS ID). */
export function OrdersView({ orders, admin }: { orders: Order[]; admin: boolean }) {
  if (orders.length === 0) return <p className={styles.empty}>No orders yet.</p>;
  const copy = async (order: Order) => {
    await navigator.clipboard?.writeText(`#${order.id}`);
    notify(`Order reference #${order.id} copied`);
  };
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
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
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className={styles.cell} title={admin ? order.userEmail : order.userId}>
                {admin ? cutEmail(order.userEmail) : order.userId}
              </td>
              <td className={styles.cell}>
                <span className={styles.status}>{order.status}</span>
              </td>
              <td className={styles.cell}>
                <button type="button" onClick={() => void copy(order)} aria-label={`Copy order reference #${order.id}`}>
                  #{order.id}
                </button>
              </td>
              <td className={styles.cell}>{date.format(new Date(order.createdAt))}</td>
              <td className={styles.cell} title={order.address}>
                {cutAddress(order.address)}
              </td>
              <td className={styles.cell}>{formatPrice(order.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
