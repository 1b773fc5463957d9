import { lazy } from 'react';
import type { LoggedUser } from '~/src/domain/types';
import { Icon } from '~/src/ui/icons/Icon';
import * as styles from './Navbar.css';
import { OnDemand } from './OnDemand';

const load = () => import('./AccountMenuDropdown');
const AccountMenuDropdown = lazy(load);

export interface AccountMenuProps {
  user: LoggedUser | null;
  onSignOut(): void;
}

export const accountLabel = (user: LoggedUser | null) => (user ? `Account: ${user.username}` : 'Account');

/** The account button; its Radix dropdown loads on demand to keep it out of the first bundle. */
export function AccountMenu(props: AccountMenuProps) {
  return (
    <OnDemand
      Lazy={AccountMenuDropdown}
      load={load}
      popup="menu"
      props={props}
      renderTrigger={(trigger) => (
        <button type="button" className={styles.iconButton} aria-label={accountLabel(props.user)} {...trigger}>
          <Icon name="user" />
        </button>
      )}
    />
  );
}
