import { lazy } from 'react';
import { Icon } from '~/src/ui/icons/Icon';
import * as styles from './Navbar.css';
import { OnDemand } from './OnDemand';
import type { SideMenuProps } from './SideMenuDialog';

const load = () => import('./SideMenuDialog');
const SideMenuDialog = lazy(load);

/** The small-screen menu button; its Radix dialog loads on demand. */
export function SideMenu(props: SideMenuProps) {
  return (
    <OnDemand
      Lazy={SideMenuDialog}
      load={load}
      popup="dialog"
      props={props}
      renderTrigger={(trigger) => (
        <button type="button" className={styles.menuButton} aria-label="Open menu" {...trigger}>
          <Icon name="menu" />
        </button>
      )}
    />
  );
}
