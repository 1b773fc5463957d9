import * as Dialog from '@radix-ui/react-dialog';
import { formatPrice } from '~/src/domain/price';
import type { Order } from '~/src/domain/types';
import { Button } from '~/src/ui/Button/Button';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { Swatch } from '~/src/ui/Swatch/Swatch';
import * as styles from './OrderDetails.css';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One order in full: its lines as paid, total, address, date and every status change with who made it and when. */
export function OrderDetails({ order, onClose }: { order: Order; onClose(): void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>Order #{order.id}</Dialog.Title>
          <ul className={styles.lines} aria-label="Products">
            {order.lines.map((line) => (
              <li key={`${line.productId}-${line.shadeId}`} className={styles.line}>
                <ProductImage
                  src={line.image}
                  alt={line.shadeName ? `${line.name} in ${line.shadeName}` : line.name}
                  className={styles.picture}
                />
                <span className={styles.name}>
                  {line.name}
                  {line.shadeName && line.shadeHex && (
                    <span className={styles.shade}>
                      <Swatch hex={line.shadeHex} size="sm" />
                      Shade: {line.shadeName}
                    </span>
                  )}
                </span>
                <span>× {line.quantity}</span>
                <span>{formatPrice(line.unitPrice * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className={styles.facts}>
            <dt>Total</dt>
            <dd>{formatPrice(order.totalPrice)}</dd>
            <dt>Address</dt>
            <dd>{order.address}</dd>
            <dt>Date</dt>
            <dd>{date.format(new Date(order.createdAt))}</dd>
          </dl>
          <h3 className={styles.subtitle}>History</h3>
          <ol className={styles.history} aria-label="History">
            {/* The history only grows at its end, and two entries may share a status and a moment. */}
            {order.history.map((entry, index) => (
              <li key={index}>
                <strong>{entry.status}</strong> by {entry.by.email} on <time dateTime={entry.at}>{moment.format(new Date(entry.at))}</time>
              </li>
            ))}
          </ol>
          <Dialog.Close asChild>
            <Button variant="secondary">Close</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
