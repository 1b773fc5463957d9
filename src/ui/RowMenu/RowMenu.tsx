import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { forwardRef, type ReactNode } from 'react';
import * as styles from './RowMenu.css';

/** Three dots: the row menu's trigger. */
const MoreIcon = () => (
  <svg viewBox="0 0 24 24" width={22} height={22} fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="12" cy="5.5" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="12" cy="18.5" r="1.8" />
  </svg>
);

/**
 * A table row's action menu (Radix dropdown menu): a three-dot button named
 * `label`, its items given as RowMenuItem. Not modal: an item may hand over
 * to a modal dialog, which must get the pointer and the focus.
 */
export const RowMenu = forwardRef<HTMLButtonElement, { label: string; children: ReactNode }>(function RowMenu({ label, children }, ref) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={ref} className={styles.trigger} aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});

/** One entry of a RowMenu; `asChild` makes a link of it. */
export function RowMenuItem(props: Omit<DropdownMenu.DropdownMenuItemProps, 'className'>) {
  return <DropdownMenu.Item {...props} className={styles.item} />;
}
