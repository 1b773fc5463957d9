import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { api } from '../../api/client';
import { Session, useSessionUser } from '../../state/session/SessionProvider';
import { useFavoriteProducts } from '../../state/shop/ShopProvider';
import { isAdmin } from '../../domain/permissions';
import { cutName } from '../../domain/truncate';
import type { Order } from '../../domain/types';
import { Avatar } from '../../ui/Avatar/Avatar';
import { Button } from '../../ui/Button/Button';
import { ErrorState } from '../../ui/ErrorState/ErrorState';
import { ProductImage } from '../../ui/ProductImage/ProductImage';
import { Spinner } from '../../ui/Spinner/Spinner';
import { useLoad } from '../../ui/useLoad';
import { OrdersView } from '../orders/OrdersView';
import { EditUserDialog } from './EditUserDialog';
import * as styles from './ProfilePage.css';

async function ordersOf(userId: string | undefined, signal: AbortSignal): Promise<Order[]> {
  if (!userId) return [];
  const { data, response } = await api.GET('/userOrders', { params: { query: { userID: userId } }, signal });
  if (!data) throw new Error(`Your orders could not be loaded (${response.status}).`);
  return data;
}

export default function ProfilePage() {
  const user = useSessionUser();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const [editing, setEditing] = useState(false);
  // The orders call carries the user's token, which exists once the session is restored.
  const orders = useLoad(loading ? null : (signal) => ordersOf(user?.id, signal), [user?.id, loading]);
  const favorites = useFavoriteProducts();

  if (!user) return loading ? <Spinner label="Loading your profile" /> : <Navigate to="/login" replace />;

  return (
    <>
      <section className={styles.header} aria-label="Profile">
        <Avatar src={user.img} name={user.username} />
        <div className={styles.who}>
          <h1 className={styles.name}>{user.username}</h1>
          <p className={styles.email}>{user.email}</p>
          {isAdmin(user) && <span className={styles.type}>{user.type}</span>}
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit User
        </Button>
      </section>
      {editing && (
        <EditUserDialog user={user} open={editing} onOpenChange={setEditing} onSaved={(saved) => session.send({ type: 'PROFILE_UPDATED', user: saved })} />
      )}
      <section className={styles.section} aria-labelledby="my-favorites">
        <h2 id="my-favorites" className={styles.sectionTitle}>
          My Favorites
        </h2>
        {favorites.favorites.length > 0 ? (
          <ul className={styles.favorites}>
            {favorites.favorites.map((product) => (
              <li key={product.id}>
                <Link className={styles.favorite} to={`/detail/${product.id}`}>
                  <ProductImage src={product.image} alt="" width={120} height={120} />
                  {cutName(product.name)}
                </Link>
              </li>
            ))}
          </ul>
        ) : favorites.ids.length > 0 && favorites.failed ? (
          <ErrorState message="Your favourites could not be loaded." onRetry={favorites.retry} />
        ) : favorites.ids.length > 0 && favorites.loading ? (
          <Spinner label="Loading favourites" />
        ) : (
          <p>You don't have any products in favourites...</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="my-orders">
        <h2 id="my-orders" className={styles.sectionTitle}>
          My Orders
        </h2>
        {orders.status === 'done' ? (
          <OrdersView orders={orders.value} admin={false} />
        ) : orders.status === 'failed' ? (
          <ErrorState message="Your orders could not be loaded." onRetry={orders.retry} />
        ) : (
          <Spinner label="Loading orders" />
        )}
      </section>
    </>
  );
}
