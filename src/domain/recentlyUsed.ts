/**
 * A map bounded to the `most` entries last used: reading an entry makes it
 * the most recent, and setting one past the bound lets go of the least
 * recent first.
 */
export function recentlyUsed<K, V>(most: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },

    set(key: K, value: V): void {
      entries.delete(key);
      if (entries.size >= most) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}

export type RecentlyUsed<K, V> = ReturnType<typeof recentlyUsed<K, V>>;
