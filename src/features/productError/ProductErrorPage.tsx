import { ButtonLink } from '../../ui/Button/Button';
import { Message } from '../../ui/Message/Message';

/** /error: where a product that does not exist or is disabled sends the shopper. */
export default function ProductErrorPage() {
  return (
    <Message title="Product not available" text="This product does not exist or is no longer sold.">
      <ButtonLink to="/catalogue">Browse the catalogue</ButtonLink>
    </Message>
  );
}
