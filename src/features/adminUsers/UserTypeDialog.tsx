import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent } from 'react';
import type { AssignableUserType } from '~/machines/adminUsers.machine';
import { ASSIGNABLE_USER_TYPES, USER_STATUS_LABELS } from '~/src/domain/permissions';
import type { User } from '~/src/domain/types';
import { Button } from '~/src/ui/Button/Button';
import * as styles from './UserTypeDialog.css';

const TITLE = 'Change user status to:';

/**
 * Spec section 4 'Admin actions': the radio dialog 'Change user status to:'
 * with Admin, User and Banned (never Blocked), Cancel and Ok. The radios
 * are native, so the arrow keys move the choice; the dialog opens on the
 * user's current type.
 */
export function UserTypeDialog({
  user,
  chosen,
  onChoose,
  onOk,
  onCancel,
}: {
  /** The user being changed; no user, no dialog. */
  user: User | undefined;
  chosen: AssignableUserType | null;
  onChoose(type: AssignableUserType): void;
  onOk(): void;
  onCancel(): void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onOk();
  };
  return (
    <Dialog.Root open={!!user} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onOpenAutoFocus={(event) => {
            const checked = (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input:checked');
            if (checked) {
              event.preventDefault();
              checked.focus();
            }
          }}
        >
          <form className={styles.form} onSubmit={submit}>
            <Dialog.Title className={styles.title}>{TITLE}</Dialog.Title>
            <Dialog.Description className={styles.description}>
              {user && `${user.username} is now: ${USER_STATUS_LABELS[user.type]}`}
            </Dialog.Description>
            <div role="radiogroup" aria-label={TITLE} className={styles.options}>
              {ASSIGNABLE_USER_TYPES.map((type) => (
                <label key={type} className={styles.option}>
                  <input
                    type="radio"
                    className={styles.radio}
                    name="userType"
                    value={type}
                    checked={chosen === type}
                    onChange={() => onChoose(type)}
                  />
                  {type}
                </label>
              ))}
            </div>
            <div className={styles.actions}>
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={chosen === null}>
                Ok
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
