import { Link } from 'react-router';
import { lineName, shadeIdOf, type CartLine } from '~/src/domain/cartLine';
import { shadePath } from '~/src/domain/shadeChoice';
import { cutName } from '~/src/domain/truncate';
import { Cart, Favorites, useIsFavorite } from '~/src/state/shop/ShopProvider';
import { Icon } from '~/src/ui/icons/Icon';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { Price } from '~/src/ui/Price/Price';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { QuantityStepper } from '~/src/ui/QuantityStepper/QuantityStepper';
import { Swatch } from '~/src/ui/Swatch/Swatch';
import * as styles from './CartPage.css';

/** A cart line: the product in its shade (swatch and name), price, quantity up to the shade's stock, favourite and delete. */
export function CartLineItem({ line }: { line: CartLine }) {
  const cart = Cart.useActorRef();
  const favorites = Favorites.useActorRef();
  const favorite = useIsFavorite(line.id);
  const named = lineName(line);
  const shadeId = shadeIdOf(line);
  return (
    <li className={styles.line}>
      <ProductImage className={styles.image} src={line.image} alt="" width={88} height={88} />
      <div className={styles.lineBody}>
        <div>
          <Link className={styles.name} to={shadePath(line.id, line.shade)} title={line.name}>
            {cutName(line.name)}
          </Link>
          {line.shade && (
            <p className={styles.shade}>
              <Swatch hex={line.shade.hex} size="md" />
              Shade: {line.shade.name}
            </p>
          )}
          <div>
            <Price price={line.price} discount={line.discount} />
          </div>
        </div>
        <div className={styles.lineActions}>
          <QuantityStepper
            label={`Quantity of ${named}`}
            value={line.amount}
            max={line.stock}
            onChange={(amount) => cart.send({ type: 'SET_AMOUNT', id: line.id, shadeId, amount })}
          />
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={favorite}
            aria-label={favorite ? `Remove ${line.name} from favourites` : `Add ${line.name} to favourites`}
            onClick={() => favorites.send({ type: 'TOGGLE', productId: line.id })}
          >
            <Icon name={favorite ? 'heartBroken' : 'heart'} size={20} filled={favorite} />
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Delete ${named}`}
            onClick={() => cart.send({ type: 'REMOVE', id: line.id, shadeId })}
          >
            <ScreenIcon name="close" size={20} />
          </button>
        </div>
      </div>
    </li>
  );
}
