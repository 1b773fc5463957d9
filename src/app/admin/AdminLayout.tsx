import { Navigate, Outlet } from 'react-router';
import { isAdmin } from '~/src/domain/permissions';
import { useSessionUser } from '~/src/state/session/SessionProvider';
import * as styles from './AdminLayout.css';
import { AdminMenu } from './AdminMenu';

/** The admin guard: the side menu and the nested page for an Admin; anyone else goes to /login. The API checks again. */
export default function AdminLayout() {
  const user = useSessionUser();
  if (!isAdmin(user)) return <Navigate to="/login" replace />;
  return (
    <div className={styles.layout}>
      <AdminMenu />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
