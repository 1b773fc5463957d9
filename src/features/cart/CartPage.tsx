import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSessionUser } from '~/src/state/session/SessionProvider';
import { Cart, Favorites, useIsFavorite } from '~/src/state/shop/ShopProvider';
import { shippingStore } from '~/src/state/storage/keys';
import { subtotal, type CartLine } from '~/src/domain/cartLine';
import { formatPrice } from '~/src/domain/price';
import { cutName } from '~/src/domain/truncate';
import { Button, ButtonLink } from '~/src/ui/Button/Button';
import { Icon } from '~/src/ui/icons/Icon';
import { ScreenIcon } from '~/src/ui/icons/ScreenIcon';
import { Message } from '~/src/ui/Message/Message';
import { Price } from '~/src/ui/Price/Price';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { QuantityStepper } from '~/src/ui/QuantityStepper/QuantityStepper';
import * as styles from './CartPage.css';
import { ShippingForm } from './ShippingForm';

function Line({ line }: { line: CartLine }) {
  const cart = Cart.useActorRef();
  const favorites = Favorites.useActorRef();
  const favorite = useIsFavorite(line.id);
  return (
    <li className={styles.line}>
      <ProductImage className={styles.image} src={line.image} alt="" width={88} height={88} />
      <div className={styles.lineBody}>
        <div>
          <Link className={styles.name} to={`/detail/${line.id}`} title={line.name}>
            {cutName(line.name)}
          </Link>
          <div>
            <Price price={line.price} discount={line.discount} />
          </div>
        </div>
        <div className={styles.lineActions}>
          <QuantityStepper
            label={`Quantity of ${line.name}`}
            value={line.amount}
            max={line.stock}
            onChange={(amount) => cart.send({ type: 'SET_AMOUNT', id: line.id, amount })}
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
            aria-label={`Delete ${line.name}`}
            onClick={() => cart.send({ type: 'REMOVE', id: line.id })}
          >
            <ScreenIcon name="close" size={20} />
          </button>
        </div>
      </div>
    </li>
  );
}

export default function CartPage() {
  const user = useSessionUser();
  const lines = Cart.useSelector((s) => s.context.lines);
  const cart = Cart.useActorRef();
  const navigate = useNavigate();
  const [buying, setBuying] = useState(false);

  if (!user) {
    return (
      <Message title="Cart" text="You have to be logged in to see the cart">
        <ButtonLink to="/login">Sign In</ButtonLink>
      </Message>
    );
  }
  // A form typed before (back from /payment, or from another page) shows again with its fields.
  const typed = shippingStore.read(user.id);
  if (lines.length === 0) {
    return (
      <Message title="Cart" text="Your cart is empty">
        <ButtonLink to="/catalogue" variant="secondary">
          Browse the catalogue
        </ButtonLink>
      </Message>
    );
  }
  return (
    <>
      <h1 className={styles.title}>Cart</h1>
      <div className={styles.layout}>
        <ul className={styles.lines} aria-label="Cart lines">
          {lines.map((line) => (
            <Line key={line.id} line={line} />
          ))}
        </ul>
        <aside className={styles.summary} aria-label="Summary">
          <div className={styles.subtotal}>
            <span>SUBTOTAL</span>
            <span>{formatPrice(subtotal(lines))}</span>
          </div>
          {buying || typed ? (
            <ShippingForm
              initial={typed}
              onType={(address) => shippingStore.write(user.id, address)}
              onNext={(address) => {
                shippingStore.write(user.id, address);
                navigate('/payment');
              }}
            />
          ) : (
            <Button onClick={() => setBuying(true)}>Buy</Button>
          )}
          <Button variant="ghost" onClick={() => cart.send({ type: 'CLEAR' })}>
            Empty Cart
          </Button>
        </aside>
      </div>
    </>
  );
}
