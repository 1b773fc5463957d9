import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { api } from '../../api/client';
import { Session, useSessionUser } from '../../app/session/SessionProvider';
import { Favorites, useProductList } from '../../app/shop/ShopProvider';
import { isAdmin } from '../../domain/permissions';
import { cutName } from '../../domain/truncate';
import type { Order } from '../../domain/types';
import { Avatar } from '../../ui/Avatar/Avatar';
import { Button } from '../../ui/Button/Button';
import { Spinner } from '../../ui/Spinner/Spinner';
import { OrdersView } from '../orders/OrdersView';
import { EditUserDialog } from './EditUserDialog';
import * as styles from './ProfilePage.css';

export default function ProfilePage() {
  const user = useSessionUser();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const favoriteIds = Favorites.useSelector((s) => s.context.ids);
  const [editing, setEditing] = useState(false);
  const [orders, setOrders] = useState<Order[] | null>(null);
  const { products } = useProductList();

  useEffect(() => {
    if (!user) return;
    void api.GET('/userOrders', { params: { query: { userID: user.id } } }).then(({ data }) => setOrders(data ?? []));
  }, [user]);

  if (!user) return loading ? <Spinner label="Loading your profile" /> : <Navigate to="/login" replace />;
  const favorites = products.filter((p) => favoriteIds.includes(p.id));

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
        {favorites.length === 0 ? (
          <p>You don't have any products in favourites...</p>
        ) : (
          <ul className={styles.favorites}>
            {favorites.map((product) => (
              <li key={product.id}>
                <Link className={styles.favorite} to={`/detail/${product.id}`}>
                  <img src={product.image} alt="" width={120} height={120} />
                  {cutName(product.name)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="my-orders">
        <h2 id="my-orders" className={styles.sectionTitle}>
          My Orders
        </h2>
        {orders ? <OrdersView orders={orders} admin={false} /> : <Spinner label="Loading orders" />}
      </section>
    </>
  );
}
