import { waitFor, type ActorRefFrom } from 'xstate';
import type { Catalogue, productsMachine } from '~/machines/products.machine';
import { load } from './ShopProvider';

/** The catalogue once it is there (loaded first if it is not); a failed load throws. */
export async function loadedCatalogue(products: ActorRefFrom<typeof productsMachine>): Promise<Catalogue> {
  load(products);
  const settled = await waitFor(products, (s) => s.matches('loaded') || s.matches('paged') || s.matches('failed'));
  if (settled.matches('failed')) throw new Error('The catalogue could not be loaded.');
  return settled.context.mode === 'paged' ? { paged: true } : { paged: false, products: settled.context.products };
}
