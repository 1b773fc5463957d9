/** The spec's browser storage keys (spec section 9), by their literal names. */
export type SpecKey = 'userLogged' | 'favorites' | 'cartlocal';

/**
 * What browser storage holds under one of the spec's keys, parsed (null
 * when nothing is stored). Read by the spec's name, not through the app's
 * own key constants: a value the app keeps under another name is not found.
 */
export function storedUnder(key: SpecKey): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}
