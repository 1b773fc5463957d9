import { useParams } from 'react-router';
import { recordIdOf } from '~/src/domain/recordId';
import { ProductForm } from './ProductForm';
import { productFormActors } from './productForm.actors';
import { ProductNotFound } from './ProductNotFound';

/** /admin/products/create and /admin/products/edit/:id: the product form, for a new product or the one the route names. */
export default function ProductFormPage() {
  const { id } = useParams();
  if (id === undefined) return <ProductForm key="new" productId={null} actors={productFormActors} />;
  const productId = recordIdOf(id);
  // An address whose id no product can have is answered at once, without asking the server.
  if (productId === null) return <ProductNotFound id={id} />;
  // Each product gets a form of its own: moving from one to another starts afresh.
  return <ProductForm key={id} productId={productId} actors={productFormActors} />;
}
