import { Link } from 'react-router';
import type { Product } from '~/src/domain/types';
import { RowMenu, RowMenuItem } from '~/src/ui/RowMenu/RowMenu';
import { AdminProducts } from './AdminProductsActor';

/** A product's row menu: 'View Product', 'Edit', and 'Disable' or 'Make available' (spec section 2). */
export function ProductRowMenu({ product }: { product: Product }) {
  const actor = AdminProducts.useActorRef();
  const busy = AdminProducts.useSelector((s) => s.hasTag('busy'));
  return (
    <RowMenu label={`Actions for ${product.name}`}>
      <RowMenuItem asChild>
        <Link to={`/detail/${product.id}`}>View Product</Link>
      </RowMenuItem>
      <RowMenuItem asChild>
        <Link to={`/admin/products/edit/${product.id}`}>Edit</Link>
      </RowMenuItem>
      <RowMenuItem disabled={busy} onSelect={() => actor.send({ type: 'SET_DISABLED', id: product.id, disable: !product.disable })}>
        {product.disable ? 'Make available' : 'Disable'}
      </RowMenuItem>
    </RowMenu>
  );
}
