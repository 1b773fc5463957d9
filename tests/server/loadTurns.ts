/** Load helpers of the fault tests: turns of shoppers, waiting for a state, what an answer shows. */
import type { Answer } from './builtServer';

/** A checkout that made its order: 201, or 200 when a repeated call finds it made. */
export const madeOrder = (answer: Answer) => answer.status === 201 || answer.status === 200;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `check` again and again until it holds, for at most 20 s. */
export async function until(check: () => Promise<boolean>) {
  for (const deadline = Date.now() + 20_000; !(await check());)
    if (Date.now() > deadline) throw new Error(`never held: ${check.toString()}`);
}

/**
 * Users taking turns under load, each one's calls one at a time, as one
 * shopper's app sends them. A user is free again after their call unless
 * `done` says they are finished.
 */
export function oneAtATime<T>(users: T[], pauseMs = 0) {
  const free = [...users];
  const restingUntil = new Map<T, number>();
  return {
    free,
    /** The next free user's call, once that user has rested pauseMs since their last answer; none while every user's call is under way or resting. */
    next(send: (user: T) => Promise<Answer>, done: (answer: Answer) => boolean = () => false): Promise<Answer>[] {
      const now = Date.now();
      const at = free.findIndex((user) => (restingUntil.get(user) ?? 0) <= now);
      if (at < 0) return [];
      const [user] = free.splice(at, 1) as [T];
      const answer = send(user).catch((): Answer => ({ status: 0, body: null }));
      return [
        answer.then((a) => {
          restingUntil.set(user, Date.now() + pauseMs);
          if (!done(a)) free.push(user);
          return a;
        }),
      ];
    },
  };
}

export const isJsonError = (answer: Answer) =>
  typeof answer.body?.error?.code === 'string' && typeof answer.body?.error?.message === 'string';
