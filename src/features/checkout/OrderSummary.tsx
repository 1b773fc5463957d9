import { subtotal, linesOfCart } from '~/src/domain/cartLine';
import { formatPrice, totalPrice } from '~/src/domain/price';
import type { Cart } from '~/src/domain/types';
import * as styles from './PaymentPage.css';

/** What the shopper pays for, as the server holds it: each line, its quantity and price, the subtotal and the server's total in USD. */
export function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <aside className={styles.summary} aria-label="Order summary">
      <h2 className={styles.summaryTitle}>Order summary</h2>
      <ul className={styles.lines}>
        {cart.lines.map(({ product, quantity }) => (
          <li key={product.id} className={styles.row}>
            <span>
              {product.name} × {quantity}
            </span>
            <span>{formatPrice(totalPrice(product.price, product.discount) * quantity)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <span>Subtotal</span>
        <span>{formatPrice(subtotal(linesOfCart(cart)))}</span>
      </div>
      <div className={styles.total}>
        <span>Total (USD)</span>
        <span>{formatPrice(cart.totalPrice)}</span>
      </div>
    </aside>
  );
}
