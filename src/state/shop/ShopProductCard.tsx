import { useNavigate } from 'react-router';
import { CARD_NAVIGATION_DELAY_MS } from '~/src/domain/constants';
import type { Product } from '~/src/domain/types';
import { ProductCard } from '~/src/ui/ProductCard/ProductCard';
import { useSearchTerm } from '../search/SearchTerm';
import { Cart, Favorites, useIsFavorite } from './ShopProvider';

/** A product card wired to the shop: favourite and cart actions, and opening clears the search then waits 500 ms. */
export function ShopProductCard({ product, wide }: { product: Product; wide?: boolean }) {
  const favorite = useIsFavorite(product.id);
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  const { setTerm } = useSearchTerm();
  const navigate = useNavigate();
  return (
    <ProductCard
      product={product}
      favorite={favorite}
      {...(wide ? { wide } : {})}
      onOpen={() => {
        setTerm('');
        window.setTimeout(() => navigate(`/detail/${product.id}`), CARD_NAVIGATION_DELAY_MS);
      }}
      onToggleFavorite={() => favorites.send({ type: 'TOGGLE', productId: product.id })}
      onAddToCart={() => cart.send({ type: 'ADD', product })}
    />
  );
}
