import { Suspense, lazy } from 'react';
import { Icon } from '../../../ui/icons/Icon';
import * as styles from './Navbar.css';
import type { SideMenuProps } from './SideMenuDialog';
import { useOnDemand } from './useOnDemand';

const load = () => import('./SideMenuDialog');
const SideMenuDialog = lazy(load);

/** The small-screen menu button; its Radix dialog loads on demand. */
export function SideMenu(props: SideMenuProps) {
  const { opened, triggerProps } = useOnDemand(load, 'dialog');
  const trigger = (
    <button type="button" className={styles.menuButton} aria-label="Open menu" {...triggerProps}>
      <Icon name="menu" />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <SideMenuDialog {...props} />
    </Suspense>
  );
}
