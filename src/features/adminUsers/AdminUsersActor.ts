import { createActorContext } from '@xstate/react';
import { adminUsersMachine } from '~/machines/adminUsers.machine';

/** The admin user list's machine, for the page and the row menus inside its table. */
export const AdminUsers = createActorContext(adminUsersMachine);
