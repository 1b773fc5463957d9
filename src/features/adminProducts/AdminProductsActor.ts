import { createActorContext } from '@xstate/react';
import { adminProductsMachine } from '~/machines/adminProducts.machine';

/** The admin product list's machine, for the page and the row menus inside its table. */
export const AdminProducts = createActorContext(adminProductsMachine);
