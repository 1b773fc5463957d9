import { productsMachine } from '~/machines/products.machine';
import { makeProduct } from '../fixtures/product';
import { answers, fails, type MachineModel } from './harness/model';

/** fetchCatalogue's answer for a catalogue past the paging threshold: no list, its pages are asked for. */
export const PAGED = 'paged';

/**
 * The storefront's catalogue: a first visit (nothing known), a page
 * rendered with the list, or a rendered page of a paged catalogue. The
 * shopper's pages ask for it (LOAD, Retry); an Admin's change refreshes it
 * (REFRESH). The server answers the list, says the catalogue is paged (when
 * its size is not known yet), or cannot be reached.
 */
export const productsModel: MachineModel<typeof productsMachine> = {
  name: 'products',
  machine: productsMachine,
  inputs: [
    { label: 'first visit', input: {} },
    { label: 'rendered list', input: { products: [makeProduct()] } },
    { label: 'rendered paged', input: { paged: true } },
  ],
  key: ({ context }) => context.mode,
  effect: ({ context }) => ({ mode: context.mode }),
  events: () => [{ type: 'LOAD' }, { type: 'REFRESH' }],
  outcomes: {
    fetchCatalogue: [
      answers(() => ({ paged: false, products: [] })),
      { label: PAGED, output: () => ({ paged: true }), when: (_, input) => (input as { mode: string }).mode === 'unknown' },
      fails(),
    ],
  },
};
