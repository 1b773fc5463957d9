/**
 * The machines' clock (XState's `clock` option): a delayed transition (a
 * retry 1 s later, home 2 s after checkout) fires when the test moves time
 * on, not after real waiting.
 */
export class ManualClock {
  #now = 0;
  #next = 1;
  #timers = new Map<number, { at: number; run: () => void }>();

  setTimeout(run: (...args: unknown[]) => void, ms: number): number {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, run });
    return id;
  }

  clearTimeout(id: number): void {
    this.#timers.delete(id);
  }

  /** Moves time on to the earliest timer and runs it; false when none is set. */
  runNext(): boolean {
    const [id, timer] = [...this.#timers].sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
    if (id === undefined || !timer) return false;
    this.#timers.delete(id);
    this.#now = timer.at;
    timer.run();
    return true;
  }
}
