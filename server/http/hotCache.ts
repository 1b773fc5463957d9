interface Slot<V> {
  value: Promise<V>;
  /** The value, once made. */
  made?: V;
  /** Bytes held, once the value is made. */
  size: number;
}

/** Entries in the order they were last used, least recent first, with their bytes summed. */
class Segment<V> {
  readonly slots = new Map<string, Slot<V>>();
  bytes = 0;

  constructor(
    private readonly entries: number,
    private readonly budget: number,
  ) {}

  add(key: string, slot: Slot<V>) {
    this.slots.set(key, slot);
    this.bytes += slot.size;
  }

  remove(key: string): Slot<V> | undefined {
    const slot = this.slots.get(key);
    if (slot) {
      this.slots.delete(key);
      this.bytes -= slot.size;
    }
    return slot;
  }

  /** The least recently used entry, while the segment holds more entries or bytes than it may. */
  overflow(): [string, Slot<V>] | undefined {
    if (this.slots.size <= this.entries && this.bytes <= this.budget) return undefined;
    return this.slots.entries().next().value;
  }
}

export interface HotCacheLimits {
  /** Entries and bytes each of the two segments may hold. */
  entries: number;
  bytes: number;
}

/**
 * A bounded cache that keeps what is asked for again: a key asked for once
 * waits in a probation segment, and moves to the protected segment when it is
 * asked for again while it waits. Each segment lets go of its least recently
 * used entry past its limits (the protected one back to probation). A flood
 * of keys asked for once (an attacker's endless distinct queries) only ever
 * turns probation over: it neither grows memory past the limits nor pushes
 * out the entries in steady demand.
 */
export function hotCache<V>(limits: HotCacheLimits, sizeOf: (value: V) => number) {
  const probation = new Segment<V>(limits.entries, limits.bytes);
  const held = new Segment<V>(limits.entries, limits.bytes);

  const trim = () => {
    for (let out = held.overflow(); out; out = held.overflow()) probation.add(out[0], held.remove(out[0])!);
    for (let out = probation.overflow(); out; out = probation.overflow()) probation.remove(out[0]);
  };

  const use = (key: string): Slot<V> | undefined => {
    const slot = held.remove(key) ?? probation.remove(key);
    if (!slot) return undefined;
    held.add(key, slot);
    trim();
    return slot;
  };

  return {
    /** The value kept under the key, now the most recently used (moved to the protected segment when seen before). */
    get: (key: string): Promise<V> | undefined => use(key)?.value,

    /** The same, without waiting: the value if it is already made. */
    made: (key: string): V | undefined => use(key)?.made,

    /** Keeps a value being made under the key, in probation; counts its bytes once made. */
    add(key: string, value: Promise<V>): void {
      const slot: Slot<V> = { value, size: 0 };
      probation.remove(key);
      held.remove(key);
      probation.add(key, slot);
      trim();
      value.then(
        (made) => {
          const segment = [probation, held].find((candidate) => candidate.slots.get(key) === slot);
          slot.made = made;
          slot.size = sizeOf(made);
          if (segment) segment.bytes += slot.size;
          trim();
        },
        () => undefined,
      );
    },

    /** Counts again the bytes of the value made under the key (its gzip made later), letting go of the least recently used past the limits. */
    recount(key: string): void {
      for (const segment of [probation, held]) {
        const slot = segment.slots.get(key);
        if (!slot || !('made' in slot)) continue;
        const size = sizeOf(slot.made as V);
        segment.bytes += size - slot.size;
        slot.size = size;
        trim();
        return;
      }
    },

    /** Lets go of the key, if it still holds this value. */
    forget(key: string, value: Promise<V>): void {
      for (const segment of [probation, held]) if (segment.slots.get(key)?.value === value) segment.remove(key);
    },

    /** Lets go of every value not made yet, and of every made one `keep` refuses. */
    keepOnly(keep: (value: V) => boolean): void {
      for (const segment of [probation, held]) {
        for (const [key, slot] of segment.slots) if (!('made' in slot) || !keep(slot.made as V)) segment.remove(key);
      }
    },

    get size() {
      return { entries: probation.slots.size + held.slots.size, bytes: probation.bytes + held.bytes };
    },
  };
}

/**
 * What tells the cache that the value under the key holds other bytes now
 * (`recount`). Made out here, so that each kept value holds on to the cache
 * and its key alone: made where the value is made, the closure kept that
 * scope's request, reply and socket too (some 90 MB over 20,000 answers).
 */
export const recounting = (cache: { recount(key: string): void }, key: string) => () => cache.recount(key);
