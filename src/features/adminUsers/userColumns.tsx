import { USER_STATUS_LABELS } from '~/src/domain/permissions';
import { cutEmail } from '~/src/domain/truncate';
import type { User } from '~/src/domain/types';
import { columnsFor } from '~/src/ui/DataTable/columns';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './AdminUsersPage.css';
import { UserRowMenu } from './UserRowMenu';

const column = columnsFor<User>();

/** Spec section 5: emails are cut at 23 characters; the whole one is the cell's tooltip and what a screen reader says. */
function Email({ email }: { email: string }) {
  const cut = cutEmail(email);
  if (cut === email) return email;
  return (
    <span title={email}>
      <span aria-hidden="true">{cut}</span>
      <span className={visuallyHidden}>{email}</span>
    </span>
  );
}

/** Spec section 2 'Admin users screen': Username, Email, Status and the action menu; the status as spec section 4 labels it. */
export const USER_COLUMNS = [
  column.accessor('username', { header: 'Username' }),
  column.accessor('email', { header: 'Email', cell: ({ getValue }) => <Email email={getValue()} /> }),
  column.accessor((user) => USER_STATUS_LABELS[user.type], {
    id: 'status',
    header: 'Status',
    cell: ({ row, getValue }) => <span className={styles.status[row.original.type]}>{getValue()}</span>,
  }),
  column.display({
    id: 'menu',
    header: () => <span className={visuallyHidden}>Actions</span>,
    meta: { rowActions: true },
    cell: ({ row }) => <UserRowMenu user={row.original} />,
  }),
];

export const userSearchText = (user: User) => `${user.username} ${user.email}`;
