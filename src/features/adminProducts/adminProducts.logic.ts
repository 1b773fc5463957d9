import { adminProductsMachine } from '~/machines/adminProducts.machine';
import { adminProductsActors } from './adminProducts.actors';

/** The Admin's product list as the app runs it: its calls (adminProductsActors); the storefront told of each change, failures said. */
export const adminProductsLogic = ({
  refreshStorefront,
  notifyFailure,
}: {
  refreshStorefront(): void;
  notifyFailure(message: string): void;
}) =>
  adminProductsMachine.provide({
    actors: adminProductsActors,
    actions: {
      refreshStorefront: () => refreshStorefront(),
      notifyFailure: (_, message) => notifyFailure(message),
    },
  });
