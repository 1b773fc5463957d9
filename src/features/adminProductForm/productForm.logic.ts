import { productFormMachine } from '~/machines/productForm.machine';

export type ProductFormActors = Parameters<typeof productFormMachine.provide>[0]['actors'];

/**
 * The product form as the app runs it: its calls (productFormActors, or a
 * story's), its messages said, the storefront told of each save.
 */
export const productFormLogic = (
  actors: ProductFormActors,
  { notify, catalogueChanged }: { notify(message: string): void; catalogueChanged(): void },
) =>
  productFormMachine.provide({
    actors,
    actions: { notify: (_, message) => notify(message), catalogueChanged: () => catalogueChanged() },
  });
