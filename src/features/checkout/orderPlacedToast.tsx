import { Link } from 'react-router';
import { DEFAULT_TOAST_MS } from '~/src/domain/constants';
import { toastLibrary } from '~/src/ui/toast';
import * as styles from './PaymentPage.css';

/** Where the shopper's orders open with the new one marked. */
export const newOrderPath = (orderId: number) => `/order?new=${orderId}`;

/**
 * After the approval the shopper is sent home (spec); this toast, kept the
 * non-spec 5000 ms, leads to the order at once. It is a link in the
 * toaster's region, which Alt+T focuses (sonner's hotkey), then Tab.
 */
export function notifyOrderPlaced(orderId: number): void {
  toastLibrary.load().then(
    ({ toast }) =>
      toast(`Order #${orderId} placed.`, {
        duration: DEFAULT_TOAST_MS,
        action: (
          <Link className={styles.toastLink} to={newOrderPath(orderId)}>
            View your order
          </Link>
        ),
      }),
    () => {},
  );
}
