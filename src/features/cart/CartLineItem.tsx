import { Link } from 'react-router';
import { lineName, shadeIdOf, type CartLine, type LineShade } from '~/src/domain/cartLine';
import { shadePath } from '~/src/domain/shadeChoice';
import { cutName } from '~/src/domain/truncate';
import { readProduct } from '~/src/state/shop/productReads';
import { Cart, Favorites, useIsFavorite } from '~/src/state/shop/ShopProvider';
import { Icon } from '~/src/ui/icons/Icon';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { Price } from '~/src/ui/Price/Price';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { QuantityStepper } from '~/src/ui/QuantityStepper/QuantityStepper';
import { Swatch } from '~/src/ui/Swatch/Swatch';
import { useLoad } from '~/src/ui/useLoad';
import * as styles from './CartPage.css';

/** The product's other shades to move the line to (DECISIONS: the line lets the shopper switch shade); a sold-out one is offered disabled; a failed read says so, with Retry. */
function ShadeSwitch({ line, shade }: { line: CartLine; shade: LineShade }) {
  const cart = Cart.useActorRef();
  const product = useLoad((signal) => readProduct(line.id, signal), [line.id]);
  if (product.status === 'failed')
    return <ErrorState message={`The shades of ${line.name} could not be loaded.`} onRetry={product.retry} />;
  const shades = product.status === 'done' ? (product.value?.shades ?? []) : [];
  if (shades.length < 2) return null;
  const choose = (id: number) => {
    const to = shades.find((s) => s.id === id);
    if (to) cart.send({ type: 'SET_SHADE', id: line.id, shadeId: shade.id, to });
  };
  return (
    <label className={styles.switchShade}>
      Switch shade
      <select aria-label={`Switch shade of ${line.name}`} value={shade.id} onChange={(event) => choose(Number(event.target.value))}>
        {shades.map((s) => (
          <option key={s.id} value={s.id} disabled={s.stock === 0 && s.id !== shade.id}>
            {s.stock === 0 ? `${s.name} (sold out)` : s.name}
          </option>
        ))}
      </select>
    </label>
  );
}

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
            <>
              <p className={styles.shade}>
                <Swatch hex={line.shade.hex} size="md" />
                Shade: {line.shade.name}
              </p>
              <ShadeSwitch line={line} shade={line.shade} />
            </>
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
