import { formatPrice, totalPrice } from '~/src/domain/price';
import { visuallyHidden } from '../theme/visuallyHidden.css';
import * as styles from './Price.css';

/** The price to pay; with a discount, the old price struck through and a percent-off badge. */
export function Price({ price, discount, size = 'md' }: { price: number; discount: number; size?: 'md' | 'lg' }) {
  const final = totalPrice(price, discount);
  return (
    <span className={styles.price[size]}>
      <span className={styles.final}>{formatPrice(final)}</span>
      {discount > 0 && (
        <>
          <s className={styles.old}>
            <span className={visuallyHidden}>was </span>
            {formatPrice(price)}
          </s>
          <span className={styles.badge}>{discount}% OFF</span>
        </>
      )}
    </span>
  );
}
