import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { brandName } from '~/src/domain/brands';
import { cardSwatches, shadeCountLabel } from '~/src/domain/cardSwatches';
import { cutName } from '~/src/domain/truncate';
import type { Product } from '~/src/domain/types';
import { Icon } from '../icons/Icon';
import { Price } from '../Price/Price';
import { ProductImage } from '../ProductImage/ProductImage';
import { Stars } from '../Stars/Stars';
import { Swatch } from '../Swatch/Swatch';
import * as styles from './ProductCard.css';

export interface ProductCardProps {
  product: Product;
  favorite: boolean;
  /** Opens the product; the card calls it for a click anywhere but its action bar. */
  onOpen(product: Product): void;
  onToggleFavorite(product: Product): void;
  onAddToCart(product: Product): void;
  /** The wide card of New Arrivals. */
  wide?: boolean;
}

/** A product card: picture with a hover action bar (add to cart, favourite), name, category, stars and price. */
export function ProductCard({ product, favorite, onOpen, onToggleFavorite, onAddToCart, wide = false }: ProductCardProps) {
  const open = (event: MouseEvent) => {
    event.preventDefault();
    onOpen(product);
  };
  const action = (event: MouseEvent, run: () => void) => {
    event.stopPropagation();
    run();
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the whole card opens the product for a pointer; keys and screen readers use the name's link
    <article className={wide ? styles.wide : styles.card} onClick={open} aria-labelledby={`product-${product.id}`}>
      <div className={styles.media}>
        <ProductImage className={styles.image} src={product.image} alt="" />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            onClick={(e) => action(e, () => onAddToCart(product))}
            disabled={product.stock === 0}
            aria-label={product.stock === 0 ? `${product.name} is out of stock` : `Add ${product.name} to cart`}
          >
            <Icon name="cart" size={20} />
          </button>
          <button
            type="button"
            className={styles.action}
            onClick={(e) => action(e, () => onToggleFavorite(product))}
            aria-pressed={favorite}
            aria-label={favorite ? `Remove ${product.name} from favourites` : `Add ${product.name} to favourites`}
          >
            <Icon name={favorite ? 'heartBroken' : 'heart'} size={20} filled={favorite} />
          </button>
        </div>
      </div>
      <div className={styles.body}>
        <Link id={`product-${product.id}`} className={styles.name} to={`/detail/${product.id}`} onClick={open} title={product.name}>
          {cutName(product.name)}
        </Link>
        <span className={styles.meta}>
          {brandName(product.brand)} · {product.category}
        </span>
        {product.shades.length > 0 && <CardSwatches shades={product.shades} />}
        <Stars rank={product.rank} />
        <Price price={product.price} discount={product.discount} />
      </div>
    </article>
  );
}

/** The first swatches and "+N" for the rest, said as the number of shades; not a control: the card opens the product. */
function CardSwatches({ shades }: { shades: Product['shades'] }) {
  const { shown, more } = cardSwatches(shades);
  return (
    <span className={styles.swatches} role="img" aria-label={shadeCountLabel(shades.length)}>
      {shown.map((shade) => (
        <Swatch key={shade.id} hex={shade.hex} size="sm" soldOut={!shade.stock} />
      ))}
      {more > 0 && <span className={styles.moreShades}>+{more}</span>}
    </span>
  );
}
