import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { discountError, isBlockedDiscountKey, sanitizeDiscountInput } from '~/src/domain/validation/discount';
import { Button } from '~/src/ui/Button/Button';
import { useOpenerFocus } from '~/src/ui/Dialog/useOpenerFocus';
import { Field } from '~/src/ui/Field/Field';
import * as styles from './DiscountDialog.css';

/**
 * The admin discount dialog (spec section 5): a whole number from 0 to 100,
 * at most 3 digits, leading zeros stripped; e, minus, plus and period do
 * nothing; out of range it says 'Write a number between 0 - 100' and
 * 'Apply discount' is off.
 */
export function DiscountDialog({
  open,
  count,
  onApply,
  onClose,
}: {
  open: boolean;
  count: number;
  onApply(discount: number): void;
  onClose(): void;
}) {
  const returnFocus = useOpenerFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className={styles.title}>Add Discount</Dialog.Title>
          <Dialog.Description className={styles.description}>
            The discount replaces the current one of the {count === 1 ? 'selected product' : `${count} selected products`}.
          </Dialog.Description>
          {/* Mounted with the dialog, so each opening starts empty. */}
          {open && <DiscountForm onApply={onApply} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DiscountForm({ onApply }: { onApply(discount: number): void }) {
  const [text, setText] = useState('');
  const [edited, setEdited] = useState(false);
  const error = discountError(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!error) onApply(Number(text));
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label="Discount (%)"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        error={edited ? error : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog takes the focus as it opens, here on its one field
        autoFocus
        onKeyDown={(event) => {
          if (isBlockedDiscountKey(event.key)) event.preventDefault();
        }}
        onChange={(event) => {
          setText(sanitizeDiscountInput(event.target.value));
          setEdited(true);
        }}
      />
      <div className={styles.actions}>
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={!!error}>
          Apply discount
        </Button>
      </div>
    </form>
  );
}
