import { PRODUCT_MISSING } from '~/src/domain/pageHead';
import { ButtonLink } from '../Button/Button';
import { Message } from '../Message/Message';

/** What stands in for a product that does not exist or is disabled: /error, and a product page whose list does not hold it. */
export function ProductMissing() {
  return (
    <Message title={PRODUCT_MISSING.title} text={PRODUCT_MISSING.description}>
      <ButtonLink to="/catalogue">Browse the catalogue</ButtonLink>
    </Message>
  );
}
