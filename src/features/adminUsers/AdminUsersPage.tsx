import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { IRREVERSIBLE, deleteUserQuestion, deleteUsersQuestion } from '~/src/domain/adminUsers';
import type { User } from '~/src/domain/types';
import { useSessionUser } from '~/src/state/session/SessionProvider';
import { Button } from '~/src/ui/Button/Button';
import { ConfirmDialog } from '~/src/ui/ConfirmDialog/ConfirmDialog';
import { DataTable, type DataTableTexts } from '~/src/ui/DataTable/DataTable';
import { AdminUsers } from './AdminUsersActor';
import * as styles from './AdminUsersPage.css';
import { ReturnFocus } from './returnFocus';
import { USER_COLUMNS, userSearchText } from './userColumns';
import { UserTypeDialog } from './UserTypeDialog';
import { adminUsersLogic } from './adminUsers.logic';

const TEXTS: DataTableTexts = {
  empty: 'No users found',
  noMatch: 'User not found',
  loading: 'Loading users',
  failed: 'The users could not be loaded.',
};

const idOf = (user: User) => user.id;
const nameOf = (user: User) => user.username;

/** /admin/users: everyone but the signed-in Admin, with the Admin's deletes and type changes. */
export default function AdminUsersPage() {
  const selfId = useSessionUser()?.id ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  const logic = useMemo(
    // The deleted rows took the focus with them (their menu, or the toolbar of an emptied selection): it goes to the page's heading.
    () => adminUsersLogic({ deleted: () => heading.current?.focus() }),
    [],
  );
  return (
    <AdminUsers.Provider key={selfId} logic={logic} options={{ input: { selfId } }}>
      <UserList heading={heading} />
    </AdminUsers.Provider>
  );
}

function UserList({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const actor = AdminUsers.useActorRef();
  const users = AdminUsers.useSelector((s) => s.context.users);
  const selection = AdminUsers.useSelector((s) => s.context.selection);
  const removing = AdminUsers.useSelector((s) => s.context.removing);
  const error = AdminUsers.useSelector((s) => s.context.error);
  const chosen = AdminUsers.useSelector((s) => s.context.chosen);
  const status = AdminUsers.useSelector((s) => (s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const busy = AdminUsers.useSelector((s) => s.hasTag('busy'));
  const confirmingOne = AdminUsers.useSelector((s) => s.matches({ ready: 'confirmingDeleteOne' }));
  const confirmingMany = AdminUsers.useSelector((s) => s.matches({ ready: 'confirmingDeleteMany' }));
  const changing = AdminUsers.useSelector((s) =>
    s.matches({ ready: 'choosingType' }) ? s.context.users.find((user) => user.id === s.context.target) : undefined,
  );
  const removingName = useMemo(() => users.find((user) => user.id === removing[0])?.username ?? '', [users, removing]);
  const opener = useRef<HTMLElement | null>(null);
  const openedBy = useCallback((element: HTMLElement | null) => void (opener.current = element), []);
  // After the dialog has gone; a deletion then moves the focus on when its rows go.
  const refocus = () => setTimeout(() => opener.current?.isConnected && opener.current.focus());
  const dismiss = () => {
    actor.send({ type: 'DISMISS' });
    refocus();
  };
  const confirm = () => {
    actor.send({ type: 'CONFIRM' });
    refocus();
  };

  return (
    <ReturnFocus.Provider value={openedBy}>
      <section className={styles.page} aria-labelledby="admin-users-title" aria-busy={busy || undefined}>
        <h1 id="admin-users-title" ref={heading} tabIndex={-1} className={styles.title}>
          Users
        </h1>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <DataTable
          label="User list"
          columns={USER_COLUMNS}
          data={users}
          getRowId={idOf}
          rowLabel={nameOf}
          searchPlaceholder="Search user..."
          searchText={userSearchText}
          texts={TEXTS}
          status={status}
          onRetry={() => actor.send({ type: 'RETRY' })}
          selectedIds={selection}
          onSelectedIdsChange={(ids) => actor.send({ type: 'SELECT', ids })}
          toolbar={() => (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={(event) => {
                openedBy(event.currentTarget);
                actor.send({ type: 'DELETE_SELECTED' });
              }}
            >
              Delete
            </Button>
          )}
        />
        <ConfirmDialog
          open={confirmingOne}
          title={deleteUserQuestion(removingName)}
          message={IRREVERSIBLE}
          confirmLabel="Delete user"
          dismissLabel="Keep user"
          onConfirm={confirm}
          onDismiss={dismiss}
        />
        <ConfirmDialog
          open={confirmingMany}
          title={deleteUsersQuestion(removing.length)}
          message={IRREVERSIBLE}
          confirmLabel="Delete users"
          dismissLabel="Keep users"
          onConfirm={confirm}
          onDismiss={dismiss}
        />
        <UserTypeDialog
          user={changing}
          chosen={chosen}
          onChoose={(userType) => actor.send({ type: 'CHOOSE', userType })}
          onOk={confirm}
          onCancel={dismiss}
        />
      </section>
    </ReturnFocus.Provider>
  );
}
