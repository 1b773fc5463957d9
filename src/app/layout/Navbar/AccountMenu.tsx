import { Suspense, lazy } from 'react';
import type { LoggedUser } from '../../../domain/types';
import { Icon } from '../../../ui/icons/Icon';
import * as styles from './Navbar.css';
import { useOnDemand } from './useOnDemand';

const load = () => import('./AccountMenuDropdown');
const AccountMenuDropdown = lazy(load);

export interface AccountMenuProps {
  user: LoggedUser | null;
  onSignOut(): void;
}

export const accountLabel = (user: LoggedUser | null) => (user ? `Account: ${user.username}` : 'Account');

/** The account button; its Radix dropdown loads on demand to keep it out of the first bundle. */
export function AccountMenu(props: AccountMenuProps) {
  const { opened, triggerProps } = useOnDemand(load, 'menu');
  const trigger = (
    <button type="button" className={styles.iconButton} aria-label={accountLabel(props.user)} {...triggerProps}>
      <Icon name="user" />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenuDropdown {...props} />
    </Suspense>
  );
}
