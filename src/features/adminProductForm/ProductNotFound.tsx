import { ButtonLink } from '~/src/ui/Button/Button';
import { Message } from '~/src/ui/Message/Message';

export const PRODUCT_LIST_PATH = '/admin/products/list';

/** The edit page of a product that does not exist: `id` as the address gives it, whether or not it is a product id. */
export function ProductNotFound({ id }: { id: string }) {
  return (
    <Message title="Product not found" text={`There is no product with the id ${id}. It may never have existed.`}>
      <ButtonLink to={PRODUCT_LIST_PATH} variant="secondary">
        Back to the product list
      </ButtonLink>
    </Message>
  );
}
