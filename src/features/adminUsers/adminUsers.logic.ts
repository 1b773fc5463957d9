import { adminUsersMachine } from '~/machines/adminUsers.machine';
import { adminUsersActors } from './adminUsers.actors';

/** The Admin's user list as the app runs it: its calls (adminUsersActors); `deleted` follows each delete (the page moves the focus). */
export const adminUsersLogic = ({ deleted }: { deleted(): void }) =>
  adminUsersMachine.provide({ actors: adminUsersActors, actions: { deleted: () => deleted() } });
