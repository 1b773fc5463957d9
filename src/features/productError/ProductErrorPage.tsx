import { ProductMissing } from '~/src/ui/ProductMissing/ProductMissing';

/** /error: where a product that does not exist or is disabled sends the shopper. */
export default function ProductErrorPage() {
  return <ProductMissing />;
}
