import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionUser } from '~/src/state/session/SessionProvider';
import { Cart } from '~/src/state/shop/ShopProvider';
import { shippingStore } from '~/src/state/storage/keys';
import { shadeIdOf, subtotal } from '~/src/domain/cartLine';
import { formatPrice } from '~/src/domain/price';
import { Button, ButtonLink } from '~/src/ui/Button/Button';
import { Message } from '~/src/ui/Message/Message';
import * as styles from './CartPage.css';
import { CartLineItem } from './CartLineItem';
import { ShippingForm } from './ShippingForm';

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
            <CartLineItem key={`${line.id}-${shadeIdOf(line)}`} line={line} />
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
