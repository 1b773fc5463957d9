import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import type { Product } from '../../domain/types';
import { AdminProducts } from './AdminProductsActor';
import { MoreIcon } from './ProductIcons';
import * as styles from './ProductRowMenu.css';

/** A product's row menu: 'View Product', 'Edit', and 'Disable' or 'Make available' (spec section 2). */
export function ProductRowMenu({ product }: { product: Product }) {
  const actor = AdminProducts.useActorRef();
  const busy = AdminProducts.useSelector((s) => s.hasTag('busy'));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={`Actions for ${product.name}`}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to={`/detail/${product.id}`}>View Product</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to={`/admin/products/edit/${product.id}`}>Edit</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={styles.item}
            disabled={busy}
            onSelect={() => actor.send({ type: 'SET_DISABLED', id: product.id, disable: !product.disable })}
          >
            {product.disable ? 'Make available' : 'Disable'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
