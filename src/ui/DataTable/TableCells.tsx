import { useEffect, useRef, type ReactNode } from 'react';
import type { Header, RowData } from '@tanstack/react-table';
import { ScreenIcon } from '../icons/ScreenIcon';
import type { Features } from './columns';
import * as styles from './DataTable.css';

/** A column header: a sort button with aria-sort when the column sorts, plain text otherwise. */
export function HeaderCell<TData extends RowData>({
  header,
  onSort,
  children,
}: {
  header: Header<Features, TData, unknown>;
  onSort(): void;
  children: ReactNode;
}) {
  const { column } = header;
  const { meta } = column.columnDef;
  const className = [styles.head, meta?.numeric && styles.numeric, meta?.rowActions && styles.actionsHead].filter(Boolean).join(' ');
  if (!column.getCanSort()) {
    return (
      <th scope="col" role="columnheader" className={className}>
        {children}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  return (
    <th
      scope="col"
      role="columnheader"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        className={styles.sortButton}
        onClick={(event) => {
          column.getToggleSortingHandler()?.(event);
          onSort();
        }}
      >
        {children}
        <ScreenIcon
          name="chevronDown"
          size={16}
          className={sorted ? styles.sortIcon : `${styles.sortIcon} ${styles.sortIconIdle}`}
          style={sorted === 'asc' ? { transform: 'rotate(180deg)' } : undefined}
        />
      </button>
    </th>
  );
}

/** A row's or the page's selection box; `indeterminate` when only some rows of the page are selected. */
export function Checkbox({
  label,
  checked,
  indeterminate = false,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={styles.checkbox}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
