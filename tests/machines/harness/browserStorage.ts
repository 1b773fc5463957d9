/** An in-memory Web Storage, for the app's storage keys (userLogged, favorites, cartlocal) outside a browser. */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

/**
 * What the app reads of `window` in Node: localStorage and sessionStorage in
 * memory, and the storage event's target. Installed once per test file; each
 * shop opened clears both.
 */
export function installBrowserStorage(): void {
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const window = Object.assign(new EventTarget(), { localStorage, sessionStorage });
  Object.assign(globalThis, { window, localStorage, sessionStorage });
}
