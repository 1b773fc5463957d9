import { Link, useNavigate } from 'react-router';
import { Cart, Favorites } from '~/src/state/shop/ShopProvider';
import { useFavoriteProducts } from '~/src/state/shop/favoriteProducts';
import { cutName } from '~/src/domain/truncate';
import type { Product } from '~/src/domain/types';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Price } from '~/src/ui/Price/Price';
import { ProductGrid } from '~/src/ui/ProductGrid/ProductGrid';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { Spinner } from '~/src/ui/Spinner/Spinner';
import { Stars } from '~/src/ui/Stars/Stars';
import * as styles from './FavoritesPage.css';

function FavoriteCard({ product }: { product: Product }) {
  const navigate = useNavigate();
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  const open = () => navigate(`/detail/${product.id}`);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the whole card opens the product for a pointer; keys and screen readers use the name's link
    <article className={styles.card} onClick={open} aria-labelledby={`favorite-${product.id}`}>
      <ProductImage className={styles.image} src={product.image} alt="" width={240} height={240} />
      <Link id={`favorite-${product.id}`} className={styles.name} to={`/detail/${product.id}`} title={product.name}>
        {cutName(product.name)}
      </Link>
      <span className={styles.category}>{product.category}</span>
      <Price price={product.price} discount={product.discount} />
      <Stars rank={product.rank} />
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the action bar, buttons or gap, does not open the product */}
      <div className={styles.actions} onClick={(e) => e.stopPropagation()}>
        <Button
          disabled={product.stock === 0}
          onClick={() => cart.send({ type: 'ADD', product })}
          aria-label={`Add to cart: ${product.name}`}
        >
          Add to cart
        </Button>
        <Button
          variant="ghost"
          onClick={() => favorites.send({ type: 'TOGGLE', productId: product.id })}
          aria-label={`Remove from favourites: ${product.name}`}
        >
          Remove
        </Button>
      </div>
    </article>
  );
}

export default function FavoritesPage() {
  const { ids, favorites, loading, failed, retry } = useFavoriteProducts();
  // A read that failed is said with Retry even over the favourites an earlier read showed, which may no longer be what the server holds.
  const failure = ids.length > 0 && failed;
  return (
    <>
      <h1 className={styles.title}>Favourites</h1>
      {failure && <ErrorState message="Your favourites could not be loaded." onRetry={retry} />}
      {favorites.length > 0 ? (
        <ProductGrid label="Favourite products">
          {favorites.map((p) => (
            <FavoriteCard key={p.id} product={p} />
          ))}
        </ProductGrid>
      ) : failure ? null : ids.length > 0 && loading ? (
        <Spinner label="Loading favourites" />
      ) : (
        <p className={styles.empty}>You don't have any products in favourites...</p>
      )}
    </>
  );
}
