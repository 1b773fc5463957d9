import { Navigate } from 'react-router';
import { landingPath } from '../domain/permissions';
import { useSessionUser } from '../state/session/SessionProvider';

/** /dashboard: the landing page after login; the admin dashboard for an Admin, else home. */
export function DashboardRedirect() {
  const user = useSessionUser();
  return <Navigate to={landingPath(user)} replace />;
}
