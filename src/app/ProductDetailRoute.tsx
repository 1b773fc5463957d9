import ProductDetailPage from '../features/product/ProductDetailPage';
import { isAdmin } from '../domain/permissions';
import { Session } from './session/SessionProvider';

/** /detail/:id: the product page, told by the session who reads it. */
export default function ProductDetailRoute() {
  const sessionPending = Session.useSelector((s) => s.hasTag('loading'));
  const admin = Session.useSelector((s) => isAdmin(s.context.user));
  return <ProductDetailPage sessionPending={sessionPending} admin={admin} />;
}
