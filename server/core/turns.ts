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

/**
 * Jobs run a few at a time, callers taking turns: each caller's jobs wait in
 * a line of its own, and the next job to start is the next caller's, so a
 * caller sending many cannot hold back another's by more than the jobs
 * already running. Nothing is refused; a caller asking for more only waits
 * longer.
 */
export function takingTurns(atOnce: number) {
  /** Each caller with jobs waiting or running, with the number of the turn its last job started in (none yet: first in line). */
  const lines = new Map<string, { waiting: (() => void)[]; running: number; lastTurn: number }>();
  let running = 0;
  let turns = 0;

  const startNext = () => {
    while (running < atOnce) {
      let next: { waiting: (() => void)[]; running: number; lastTurn: number } | undefined;
      for (const line of lines.values()) if (line.waiting.length > 0 && (!next || line.lastTurn < next.lastTurn)) next = line;
      if (!next) return;
      next.lastTurn = turns++;
      next.running++;
      running++;
      next.waiting.shift()!();
    }
  };

  return <T>(caller: string, job: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const line = lines.get(caller) ?? { waiting: [], running: 0, lastTurn: -1 };
      lines.set(caller, line);
      line.waiting.push(() =>
        Promise.resolve()
          .then(job)
          .then(resolve, reject)
          .finally(() => {
            line.running--;
            running--;
            if (line.running === 0 && line.waiting.length === 0) lines.delete(caller);
            startNext();
          }),
      );
      startNext();
    });
}
