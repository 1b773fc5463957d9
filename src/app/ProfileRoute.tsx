import { useMemo } from 'react';
import { OrdersList } from '../features/orders/OrdersPage';
import { orderStatusActors } from '../features/orders/orderStatus.actors';
import { ProfilePage } from '../features/profile/ProfilePage';
import { Session, useSessionUser } from '../state/session/SessionProvider';
import { Spinner } from '../ui/Spinner/Spinner';

/** /profile: the profile page with the user's own orders under "My Orders". */
export default function ProfileRoute() {
  const user = useSessionUser();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const userId = user?.id;
  const actors = useMemo(() => (userId === undefined ? null : orderStatusActors({ admin: false, userId })), [userId]);
  // The orders call carries the user's token, which exists once the session is restored.
  const orders =
    loading || !actors ? (
      <Spinner label="Loading orders" />
    ) : (
      <OrdersList key={user?.id} admin={false} actors={actors} labelledBy="my-orders" />
    );
  return <ProfilePage orders={orders} />;
}
