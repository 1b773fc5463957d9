import { Link } from 'react-router';
import { formatOrderAddress, type ShippingAddress } from '~/src/domain/address';
import * as styles from './PaymentPage.css';

/** Where the order goes, as its address line will read, with the way back to the cart's shipping form to change it. */
export function ShipTo({ address }: { address: ShippingAddress }) {
  return (
    <section className={styles.shipTo} aria-labelledby="ship-to-title">
      <h2 id="ship-to-title" className={styles.summaryTitle}>
        Ship to
      </h2>
      <p className={styles.address}>{formatOrderAddress(address)}</p>
      <Link className={styles.change} to="/cart">
        Change address
      </Link>
    </section>
  );
}
