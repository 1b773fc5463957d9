import { lineName, linesOfCart, shadeIdOf, subtotal } from '~/src/domain/cartLine';
import { formatPrice, totalPrice } from '~/src/domain/price';
import type { Cart } from '~/src/domain/types';
import { Swatch } from '~/src/ui/Swatch/Swatch';
import * as styles from './PaymentPage.css';

/** What the shopper pays for, as the server holds it: each line (the product in its shade), its quantity and price, the subtotal and the server's total in USD. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const lines = linesOfCart(cart);
  return (
    <aside className={styles.summary} aria-label="Order summary">
      <h2 className={styles.summaryTitle}>Order summary</h2>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={`${line.id}-${shadeIdOf(line)}`} className={styles.row}>
            <span className={styles.lineName}>
              {line.shade && <Swatch hex={line.shade.hex} size="sm" />}
              {lineName(line)} × {line.amount}
            </span>
            <span>{formatPrice(totalPrice(line.price, line.discount) * line.amount)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <span>Subtotal</span>
        <span>{formatPrice(subtotal(lines))}</span>
      </div>
      <div className={styles.total}>
        <span>Total (USD)</span>
        <span>{formatPrice(cart.totalPrice)}</span>
      </div>
    </aside>
  );
}
