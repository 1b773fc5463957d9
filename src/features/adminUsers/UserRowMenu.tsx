import { useRef } from 'react';
import type { User } from '~/src/domain/types';
import { RowMenu, RowMenuItem } from '~/src/ui/RowMenu/RowMenu';
import { AdminUsers } from './AdminUsersActor';
import { useReturnFocus } from './returnFocus';

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
    <RowMenu ref={trigger} label={`Actions for ${user.username}`}>
      <RowMenuItem disabled={busy} onSelect={open({ type: 'DELETE', id: user.id })}>
        Delete user
      </RowMenuItem>
      <RowMenuItem disabled={busy} onSelect={open({ type: 'CHANGE_TYPE', id: user.id })}>
        Change user status
      </RowMenuItem>
    </RowMenu>
  );
}
