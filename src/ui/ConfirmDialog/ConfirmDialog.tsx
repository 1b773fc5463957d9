import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../Button/Button';
import * as styles from './ConfirmDialog.css';

/** Asks before an action that cannot be undone; Escape, the overlay and the dismiss button all say no. Both labels name what happens, so 'Cancel' never sits beside 'Cancel order'. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel,
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm(): void;
  onDismiss(): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} role="alertdialog">
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description>{message}</Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary">{dismissLabel}</Button>
            </Dialog.Close>
            <Button onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
