import ProductDetailPage from '../features/product/ProductDetailPage';
import { isAdmin } from '../domain/permissions';
import { Session } from '../state/session/SessionProvider';
import { reviewActions } from '../features/product/reviewActors';

/** /detail/:id: the product page, told by the session who reads it (and who may review it). */
export default function ProductDetailRoute() {
  const sessionPending = Session.useSelector((s) => s.hasTag('loading'));
  const user = Session.useSelector((s) => s.context.user);
  return <ProductDetailPage sessionPending={sessionPending} admin={isAdmin(user)} user={user} reviewActions={reviewActions} />;
}
