import { useId } from 'react';
import { ADMIN_ROWS_PER_PAGE } from '~/src/domain/constants';
import { ScreenIcon } from '../icons/ScreenIcon';
import * as styles from './DataTable.css';
import { usePagerFocus } from './usePagerFocus';

interface TablePagerProps {
  /** The rows shown, 1-based (0 and 0 when none), among `total`. */
  first: number;
  last: number;
  total: number;
  pageSize: number;
  canPrevious: boolean;
  canNext: boolean;
  onPageSize(size: number): void;
  onPrevious(): void;
  onNext(): void;
}

/** The admin tables' pager: rows per page (5, 10 or 25), which rows of how many are shown (said as it changes), previous and next. */
export function TablePager({ first, last, total, pageSize, canPrevious, canNext, onPageSize, onPrevious, onNext }: TablePagerProps) {
  const pageSizeId = useId();
  const focus = usePagerFocus(canPrevious, canNext);
  return (
    <div className={styles.pager}>
      <span className={styles.pageSize}>
        <label htmlFor={pageSizeId}>Rows per page</label>
        <select
          ref={focus.pageSize}
          id={pageSizeId}
          className={styles.select}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {ADMIN_ROWS_PER_PAGE.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      {/* Said when the page, its size or the search changes. */}
      <span aria-live="polite" aria-atomic="true">
        {first}–{last} of {total}
      </span>
      <span className={styles.pageButtons}>
        <button
          ref={focus.previous}
          type="button"
          className={styles.pageButton}
          aria-label="Previous page"
          disabled={!canPrevious}
          onClick={onPrevious}
        >
          <ScreenIcon name="chevronLeft" size={20} />
        </button>
        <button ref={focus.next} type="button" className={styles.pageButton} aria-label="Next page" disabled={!canNext} onClick={onNext}>
          <ScreenIcon name="chevronRight" size={20} />
        </button>
      </span>
    </div>
  );
}
