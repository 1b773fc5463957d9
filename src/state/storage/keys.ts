import type { Payment } from '~/machines/checkout.machine';
import type { ShippingAddress } from '~/src/domain/address';
import type { CartLine } from '~/src/domain/cartLine';
import { STORAGE_KEYS } from '~/src/domain/constants';
import type { LoggedUser, UserType } from '~/src/domain/types';
import { storedValue } from './storedValue';

const USER_TYPES: readonly UserType[] = ['Admin', 'User', 'Banned', 'Blocked'];

function parseLoggedUser(raw: unknown): LoggedUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, type, username, email, img } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof email !== 'string') return null;
  if (!USER_TYPES.includes(type as UserType)) return null;
  return { id, type: type as UserType, username, email, img: typeof img === 'string' ? img : null };
}

/** The product ids of a stored or told list (anything else left out), or null for no list. */
export const idList = (raw: unknown) => (Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v)) : null);

function isCartLine(raw: unknown): raw is CartLine {
  if (typeof raw !== 'object' || raw === null) return false;
  const line = raw as Record<string, unknown>;
  return (
    Number.isInteger(line.id) &&
    Number.isInteger(line.amount) &&
    Number.isInteger(line.stock) &&
    typeof line.price === 'number' &&
    typeof line.discount === 'number' &&
    typeof line.name === 'string' &&
    typeof line.image === 'string'
  );
}
function shadeOf(raw: unknown): CartLine['shade'] {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, name, hex } = raw as Record<string, unknown>;
  return Number.isInteger(id) && typeof name === 'string' && typeof hex === 'string' ? { id: id as number, name, hex } : null;
}

/** The cart lines of a stored or told list (anything else left out; a line kept without its shade is one without), or null for no list. */
export const cartLines = (raw: unknown) =>
  Array.isArray(raw) ? raw.filter(isCartLine).map((line) => ({ ...line, shade: shadeOf((line as { shade?: unknown }).shade) })) : null;

/** userLogged: the signed-in user as the browser remembers it (spec section 3). */
export const loggedUserStore = storedValue<LoggedUser | null>(STORAGE_KEYS.userLogged, parseLoggedUser, null);
/** favorites: product ids. */
export const favoritesStore = storedValue<number[]>(STORAGE_KEYS.favorites, idList, []);
/** cartlocal: the local cart lines. */
export const cartStore = storedValue<CartLine[]>(STORAGE_KEYS.cartlocal, cartLines, []);

/** The shipping form as a signed-in user left it: whose, and its four fields. */
interface ShippingDraft {
  userId: string;
  address: ShippingAddress;
}

function parseShippingDraft(raw: unknown): ShippingDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { userId, address: fields } = raw as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof fields !== 'object' || fields === null) return null;
  const { country, state, address, street } = fields as Record<string, unknown>;
  if (typeof country !== 'string' || typeof state !== 'string' || typeof address !== 'string' || typeof street !== 'string') return null;
  return { userId, address: { country, state, address, street } };
}

function parsePayment(raw: unknown): Payment | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, provider, amount } = raw as Record<string, unknown>;
  return typeof id === 'string' && (provider === 'paypal' || provider === 'test') && typeof amount === 'number'
    ? { id, provider, amount }
    : null;
}

const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
const shippingDraft = storedValue<ShippingDraft | null>('shippingAddress', parseShippingDraft, null, session);
/**
 * shippingAddress (this tab only): the shipping form's four fields as the
 * signed-in user typed them, so going back from /payment to the cart, or a
 * reload, keeps them; another user reads none.
 */
export const shippingStore = {
  read: (userId: string): ShippingAddress | null => {
    const draft = shippingDraft.read();
    return draft?.userId === userId ? draft.address : null;
  },
  write: (userId: string, address: ShippingAddress) => shippingDraft.write({ userId, address }),
  /** After an order is placed, and on sign-out. */
  forget: () => shippingDraft.write(null),
};
/** checkoutPayment (this tab only): the payment checkout started, reused so a retry or reload never pays twice. */
export const paymentStore = storedValue<Payment | null>('checkoutPayment', parsePayment, null, session);

/** Sign-out: the user and the checkout they started (shipping address, kept payment) leave this browser. */
export function forgetUser() {
  loggedUserStore.write(null);
  shippingStore.forget();
  paymentStore.write(null);
}
