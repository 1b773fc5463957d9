import { useSyncExternalStore } from 'react';

export interface StoredValue<T> {
  read(): T;
  write(value: T | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * One browser-storage key (localStorage unless told) as a small external store: parsed on read (a broken
 * record reads as the fallback), shared across tabs through the storage event. Where there is no storage
 * (the server rendering a page) it reads as the fallback.
 */
export function storedValue<T>(
  key: string,
  parse: (raw: unknown) => T | null,
  fallback: T,
  storage: () => Storage | undefined = () => (typeof window === 'undefined' ? undefined : window.localStorage),
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue = fallback;

  function read(): T {
    const raw = storage()?.getItem(key) ?? null;
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cachedValue = raw === null ? fallback : (parse(JSON.parse(raw)) ?? fallback);
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  return {
    read,
    write(value) {
      if (value === null) storage()?.removeItem(key);
      else storage()?.setItem(key, JSON.stringify(value));
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => event.key === key && listener();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
