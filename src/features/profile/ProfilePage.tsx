import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Session, useSessionUser } from '~/src/state/session/SessionProvider';
import { useFavoriteProducts } from '~/src/state/shop/favoriteProducts';
import { isAdmin } from '~/src/domain/permissions';
import { cutName } from '~/src/domain/truncate';
import { Avatar } from '~/src/ui/Avatar/Avatar';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { EditUserDialog } from './EditUserDialog';
import * as styles from './ProfilePage.css';

/** /profile: who the user is, their favourites, and `orders` (their orders list, given by the app under the "my-orders" heading). */
export function ProfilePage({ orders }: { orders: ReactNode }) {
  const user = useSessionUser();
  const session = Session.useActorRef();
  const loading = Session.useSelector((s) => s.hasTag('loading'));
  const [editing, setEditing] = useState(false);
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
        <EditUserDialog
          user={user}
          open={editing}
          onOpenChange={setEditing}
          onSaved={(saved) => session.send({ type: 'PROFILE_UPDATED', user: saved })}
        />
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
        {orders}
      </section>
    </>
  );
}
