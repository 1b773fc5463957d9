import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OrdersPage } from '../features/orders/OrdersPage';
import { isAdmin } from '../domain/permissions';
import { recordIdOf } from '../domain/recordId';
import { Spinner } from '../ui/Spinner/Spinner';
import { Session, useSessionUser } from '../state/session/SessionProvider';
import { orderStatusActors } from '../features/orders/orderStatus.actors';

/** /order and /admin/orders: the orders page, told by the session who reads it and by `?new=` which order was just placed. */
export default function OrdersRoute() {
  const user = useSessionUser();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const { search } = useLocation();
  const admin = isAdmin(user);
  const userId = user?.id;
  const actors = useMemo(() => (userId === undefined ? null : orderStatusActors({ admin, userId })), [admin, userId]);
  // The orders calls carry the user's token, which exists once the session is restored.
  if (loading) return <Spinner label="Loading orders" />;
  if (!user || !actors) return <Navigate to="/login" replace />;
  return (
    <OrdersPage key={`${user.id}-${admin}`} admin={admin} actors={actors} newOrderId={recordIdOf(new URLSearchParams(search).get('new'))} />
  );
}
