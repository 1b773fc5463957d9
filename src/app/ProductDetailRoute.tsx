import ProductDetailPage from '../features/product/ProductDetailPage';
import { isAdmin } from '../domain/permissions';
import { Session } from '../state/session/SessionProvider';
import { reviewActions } from '../features/product/reviewActions';
import { useHydrated } from '../ui/useHydrated';

/** /detail/:id: the product page, told by the session who reads it (and who may review it). */
export default function ProductDetailRoute() {
  // A server-rendered page is read by a visitor whose session is not known yet, until it has hydrated.
  const hydrated = useHydrated();
  const sessionPending = Session.useSelector((s) => s.hasTag('loading'));
  const user = Session.useSelector((s) => s.context.user);
  const reader = hydrated ? user : null;
  return (
    <ProductDetailPage sessionPending={!hydrated || sessionPending} admin={isAdmin(reader)} user={reader} reviewActions={reviewActions} />
  );
}
