/** Items of a long list handled between two turns of the event loop: a few milliseconds' work. */
export const ITEMS_PER_TURN = 1000;

/** A turn of the event loop: timers and other requests run before the work goes on. The mock backend runs in the browser, which has no setImmediate. */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** The items mapped ITEMS_PER_TURN at a time, a turn of the event loop between two slices: a list of 100,000 does not hold the server for a second. */
export async function mapInTurns<T, U>(items: readonly T[], map: (item: T) => U): Promise<U[]> {
  const mapped: U[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
    if (start > 0) await nextTurn();
    const end = Math.min(start + ITEMS_PER_TURN, items.length);
    for (let i = start; i < end; i++) mapped.push(map(items[i]!));
  }
  return mapped;
}
