import type { AnyActorRef } from 'xstate';
import type { ManualClock } from './manualClock';

/** How long a step may take before the harness says what it waited for. */
export const WAIT_MS = 5_000;

/** Resolves once `ready()` holds (checked every 20 ms and whenever `wake` is called), or fails after WAIT_MS saying `why()`. */
export function until(ready: () => boolean, why: () => string, wake?: Set<() => void>): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const poll = setInterval(check, 20);
    const timer = setTimeout(() => finish(new Error(why())), WAIT_MS);
    function check() {
      if (ready()) finish();
    }
    function finish(error?: Error) {
      clearInterval(poll);
      clearTimeout(timer);
      wake?.delete(check);
      if (error) reject(error);
      else resolve();
    }
    wake?.add(check);
  });
}

/** Whether any of the machines' calls still runs (children in `background`, alive for the machine's whole life, aside). */
const busy = (actors: readonly AnyActorRef[], background: readonly string[]) =>
  actors.some((actor) =>
    Object.entries(actor.getSnapshot().children as Record<string, AnyActorRef>).some(
      ([id, child]) => !background.includes(id) && child.getSnapshot().status === 'active',
    ),
  );

/** Waits until none of the machines' calls runs, moving time on for their timers (retries, the way home) as it goes; or until `done` holds. */
export async function settle(
  actors: readonly AnyActorRef[],
  clock: ManualClock,
  background: readonly string[] = [],
  wake?: Set<() => void>,
  done = () => false,
): Promise<void> {
  for (let round = 0; round < 50; round++) {
    if (done()) return;
    if (busy(actors, background)) {
      await until(
        () => done() || !busy(actors, background),
        () => `calls still running in ${actors.map((a) => JSON.stringify(a.getSnapshot().value)).join(', ')}`,
        wake,
      );
    } else if (!clock.runNext()) return;
  }
}
