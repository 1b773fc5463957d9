import { api } from '../api/client';
import { usernameFromDisplayName } from '../domain/authMessages';
import type { LoggedUser, User } from '../domain/types';
import type { AuthFailure, AuthUser } from './provider';

export const toLoggedUser = ({ id, type, username, email, img }: User): LoggedUser => ({ id, type, username, email, img });

/** The shop user of a signed-in identity, or null when it has none yet. */
export async function findShopUser(user: AuthUser): Promise<LoggedUser | null> {
  const { data, error } = await api.GET('/users', { params: { query: { userId: user.uid } } });
  if (error) throw new Error(error.error.message);
  return data[0] ? toLoggedUser(data[0]) : null;
}

const refusal = (code: string): AuthFailure => ({ code, message: code });
const taken = refusal('shop/username-taken');

/**
 * Why the shop would not make the user, as a code with a shop message
 * (authErrorMessage): a taken username, an email that is not a plain address
 * (400 naming `email`), an account deleted from the shop, or anything else.
 */
function creationRefusal(status: number, error: unknown): AuthFailure {
  if (status === 409) return taken;
  if (status === 400 && (error as { error?: { field?: unknown } } | undefined)?.error?.field === 'email')
    return refusal('shop/invalid-email');
  if (status === 403) return refusal('shop/account-closed');
  return refusal('shop/unavailable');
}

/** Creates the shop user for the identity, or answers the one it has (POST /users is idempotent). */
export async function ensureShopUser(username: string, img: string | null = null): Promise<LoggedUser> {
  const { data, error, response } = await api.POST('/users', { body: { username, ...(img ? { img } : {}) } });
  if (error || !data) throw creationRefusal(response.status, error);
  return toLoggedUser(data);
}

/** For Google and for accounts made elsewhere: a username from the display name, another suffix if taken. */
export async function ensureShopUserFor(user: AuthUser): Promise<LoggedUser> {
  const existing = await findShopUser(user);
  if (existing) return existing;
  for (let attempt = 0; ; attempt++) {
    const suffix = String(Math.floor(Math.random() * 10 ** (2 + attempt)));
    try {
      return await ensureShopUser(usernameFromDisplayName(user.displayName, user.email, suffix), user.photoURL);
    } catch (error) {
      if (attempt >= 2 || error !== taken) throw error;
    }
  }
}
