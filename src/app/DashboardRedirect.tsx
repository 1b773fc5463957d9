import { Navigate } from 'react-router';
import { isAdmin } from '../domain/permissions';
import { loggedUserStore } from './storage/keys';
import { useStoredValue } from './storage/storedValue';

/** /dashboard: the landing page after login; the admin dashboard for an Admin, else home. */
export function DashboardRedirect() {
  const user = useStoredValue(loggedUserStore);
  return <Navigate to={isAdmin(user) ? '/admin/dashboard' : '/home'} replace />;
}
