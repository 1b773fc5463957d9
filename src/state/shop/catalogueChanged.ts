import { useCallback } from 'react';
import { Products } from './ShopProvider';
import { TAB_CHANNELS, tellOtherTabs } from './tabNews';

/** After a change to products: this tab's list refreshes (500 ms later), and so do this browser's other tabs. */
export function useCatalogueChanged(): () => void {
  const products = Products.useActorRef();
  return useCallback(() => {
    products.send({ type: 'REFRESH' });
    tellOtherTabs(TAB_CHANNELS.catalogue, 'changed');
  }, [products]);
}
