import { Icon } from '../icons/Icon';
import * as styles from './DataTable.css';

/** The admin tables' search box: a search field with its icon, named by `label` (the placeholder when none is given). */
export function TableSearch({
  placeholder,
  label = placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  label?: string;
  value: string;
  onChange(text: string): void;
}) {
  return (
    <div className={styles.searchBar}>
      <Icon name="search" size={20} className={styles.searchIcon} />
      <input
        type="search"
        className={styles.search}
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
