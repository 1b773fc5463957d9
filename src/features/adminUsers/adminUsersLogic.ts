import { adminUsersMachine } from '../../../machines/adminUsers.machine';
import { usersActors } from './usersActors';

/** The Admin's user list as the app runs it: its calls (usersActors); `deleted` follows each delete (the page moves the focus). */
export const adminUsersLogic = ({ deleted }: { deleted(): void }) => adminUsersMachine.provide({ actors: usersActors, actions: { deleted: () => deleted() } });
