import type { AnyActorRef } from 'xstate';

/**
 * Each submission a machine sent (a create or an import, by its
 * Idempotency-Key), as its context's `attempt` shows it: what was sent, and
 * whether it was confirmed (the machine forgets an attempt only once it
 * succeeded). `watch` is given the run's actor before its first event.
 */
export function submissionsOf<A extends { key: string }, T>(sentOf: (attempt: A) => T) {
  const submissions = new Map<string, { sent: T; confirmed: boolean }>();
  let watched: AnyActorRef | null = null;
  return {
    all: () => [...submissions.values()],
    watch(actor: AnyActorRef) {
      if (watched === actor) return;
      watched = actor;
      let last: A | null = null;
      actor.subscribe((snapshot: { context: { attempt: A | null } }) => {
        const { attempt } = snapshot.context;
        if (attempt && !submissions.has(attempt.key)) submissions.set(attempt.key, { sent: sentOf(attempt), confirmed: false });
        if (last && !attempt) submissions.get(last.key)!.confirmed = true;
        last = attempt;
      });
    },
  };
}
