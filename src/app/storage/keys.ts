import { STORAGE_KEYS } from '../../domain/constants';
import type { LoggedUser, UserType } from '../../domain/types';
import { storedValue } from './storedValue';

const USER_TYPES: readonly UserType[] = ['Admin', 'User', 'Banned', 'Blocked'];

function parseLoggedUser(raw: unknown): LoggedUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, type, username, email, img } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof email !== 'string') return null;
  if (!USER_TYPES.includes(type as UserType)) return null;
  return { id, type: type as UserType, username, email, img: typeof img === 'string' ? img : null };
}

const idList = (raw: unknown) => (Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v)) : null);
const lineIds = (raw: unknown) =>
  Array.isArray(raw) ? raw.flatMap((line: { id?: unknown }) => (Number.isInteger(line?.id) ? [line.id as number] : [])) : null;

/** userLogged: the signed-in user as the browser remembers it (spec section 3). */
export const loggedUserStore = storedValue<LoggedUser | null>(STORAGE_KEYS.userLogged, parseLoggedUser, null);
/** favorites: product ids. */
export const favoritesStore = storedValue<number[]>(STORAGE_KEYS.favorites, idList, []);
/** cartlocal: the local cart lines; the navbar needs only their product ids. */
export const cartLineIdsStore = storedValue<number[]>(STORAGE_KEYS.cartlocal, lineIds, []);
