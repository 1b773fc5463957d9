import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { Icon } from '~/src/ui/icons/Icon';
import { accountLabel, type AccountMenuProps } from './AccountMenu';
import * as menu from './AccountMenuDropdown.css';
import * as styles from './Navbar.css';
import { accountLinks } from './accountLinks';

export default function AccountMenuDropdown({ user, onSignOut }: AccountMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger className={styles.iconButton} aria-label={accountLabel(user)}>
        <Icon name="user" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.content} align="end" sideOffset={8}>
          {user && <DropdownMenu.Label className={menu.heading}>Signed in as {user.username}</DropdownMenu.Label>}
          {accountLinks(user).map((entry) => (
            <DropdownMenu.Item key={entry.to} asChild className={menu.item}>
              <Link to={entry.to}>{entry.label}</Link>
            </DropdownMenu.Item>
          ))}
          {user && (
            <DropdownMenu.Item className={menu.item} onSelect={onSignOut}>
              Sign out
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
