import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import type { User } from '../../domain/types';
import { AdminUsers } from './AdminUsersActor';
import { MoreIcon } from './MoreIcon';
import { useReturnFocus } from './returnFocus';
import * as styles from './UserRowMenu.css';

/** A user's row menu: 'Delete user' and 'Change user status' (spec section 2), each opening its dialog. */
export function UserRowMenu({ user }: { user: User }) {
  const actor = AdminUsers.useActorRef();
  const busy = AdminUsers.useSelector((s) => s.hasTag('busy'));
  const trigger = useRef<HTMLButtonElement>(null);
  const openedHere = useReturnFocus();
  const open = (event: { type: 'DELETE' | 'CHANGE_TYPE'; id: string }) => () => {
    openedHere(trigger.current);
    actor.send(event);
  };
  return (
    // Not modal: the menu hands over to a modal dialog, which must get the pointer and the focus.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} className={styles.trigger} aria-label={`Actions for ${user.username}`}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          <DropdownMenu.Item className={styles.item} disabled={busy} onSelect={open({ type: 'DELETE', id: user.id })}>
            Delete user
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} disabled={busy} onSelect={open({ type: 'CHANGE_TYPE', id: user.id })}>
            Change user status
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
