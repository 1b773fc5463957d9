import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { NavLink } from 'react-router';
import type { LoggedUser } from '~/src/domain/types';
import { Icon } from '~/src/ui/icons/Icon';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import * as styles from './Navbar.css';
import { accountLinks } from './accountLinks';
import { sectionLinks } from './navLinks';
import * as side from './SideMenuDialog.css';

export interface SideMenuProps {
  user: LoggedUser | null;
  onSignOut(): void;
}

export default function SideMenuDialog({ user, onSignOut }: SideMenuProps) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.menuButton} aria-label="Open menu">
        <Icon name="menu" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={side.overlay} />
        <Dialog.Content className={side.panel} aria-describedby={undefined}>
          <div className={side.top}>
            <Dialog.Title className={styles.title}>Rouge</Dialog.Title>
            <Dialog.Close className={styles.iconButton} aria-label="Close menu">
              <ScreenIcon name="close" />
            </Dialog.Close>
          </div>
          <nav aria-label="Menu">
            <ul className={side.list}>
              {[...sectionLinks(user), ...accountLinks(user)].map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={styles.link} onClick={close}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              {user && (
                <li>
                  <button type="button" className={side.signOut} onClick={() => (close(), onSignOut())}>
                    Sign out
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
