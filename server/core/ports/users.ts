import type { UserType } from '~/src/domain/types';

export interface UserRow {
  /** The identity provider's uid. */
  id: string;
  username: string;
  email: string;
  type: UserType;
  img: string | null;
  createdAt: string;
}

export interface UserStore {
  listUsers(): Promise<UserRow[]>;
  getUser(id: string): Promise<UserRow | null>;
  /** Within a transaction: the user, kept from being deleted until this one ends, so a cart or favourite written for them meanwhile cannot lose its user. */
  lockUser(id: string): Promise<UserRow | null>;
  /** Emails and usernames match ignoring case. */
  getUserByEmail(email: string): Promise<UserRow | null>;
  getUserByUsername(username: string): Promise<UserRow | null>;
  insertUser(user: UserRow): Promise<UserRow>;
  updateUser(id: string, patch: Partial<Omit<UserRow, 'id' | 'createdAt'>>): Promise<UserRow>;
  /** Deletes the user and everything that is theirs but orders and payments (money records), leaving a tombstone of its id and email. */
  deleteUser(id: string): Promise<void>;
  /** Whether a deleted user had this id or this email (ignoring case). */
  wasDeleted(id: string, email: string): Promise<boolean>;
  /**
   * Within a transaction: makes every other transaction that calls it wait
   * until this one ends, then answers the ids of the Admins; so counting the
   * Admins and changing them is one step.
   */
  lockAdmins(): Promise<string[]>;
}
