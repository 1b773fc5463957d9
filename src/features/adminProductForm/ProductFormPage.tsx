import { useParams } from 'react-router';
import { ProductForm } from './ProductForm';
import { productFormActors } from './productFormActors';

/** /admin/products/create and /admin/products/edit/:id: the product form, for a new product or the one the route names. */
export default function ProductFormPage() {
  const { id } = useParams();
  // Each product (and the new one) gets a form of its own: moving from one to another starts afresh.
  return <ProductForm key={id ?? 'new'} productId={id === undefined ? null : Number(id)} actors={productFormActors} />;
}
