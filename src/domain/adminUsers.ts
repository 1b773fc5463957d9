import type { UserType } from './types';

/** Spec section 5 'Delete confirmation' ('Are your sure' corrected to 'Are you sure', DECISIONS.md). */
export const IRREVERSIBLE = 'This action is irreversible!';

export const deleteUserQuestion = (username: string) => `Are you sure you want to delete the user ${username}?`;

export const deleteUsersQuestion = (count: number) => `Are you sure you want to delete ${count} user(s)?`;

/** Spec section 2 'Admin users screen': the signed-in user is left out of the list. */
export const othersThan = <T extends { id: string }>(users: readonly T[], selfId: string | null): T[] =>
  users.filter((user) => user.id !== selfId);

/** A type the admin dialog may set that differs from the user's: choosing the current one changes nothing. */
export const isTypeChange = (current: UserType, chosen: UserType | null): boolean => chosen !== null && chosen !== current;
