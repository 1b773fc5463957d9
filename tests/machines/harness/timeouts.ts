/** The client's 15 s timeout, shortened so a call that somehow never answers fails fast; the code path is the app's own. */
export const TEST_REQUEST_TIMEOUT_MS = 500;

/** The client's timeout signals still running, oldest first (each is also held here until it fires: see setup.ts). */
const running: { signal: AbortSignal; fire: () => void }[] = [];

/** AbortSignal.timeout as the harness gives it to the client: it fires after `ms`, or at once when the harness lets its call hang. */
export function clientTimeout(ms: number): AbortSignal {
  const controller = new AbortController();
  const entry = {
    signal: controller.signal,
    fire() {
      running.splice(running.indexOf(entry), 1);
      clearTimeout(timer);
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    },
  };
  const timer = setTimeout(entry.fire, ms);
  running.push(entry);
  return controller.signal;
}

/**
 * A call the harness lets hang (a timeout fault) meets its client timeout
 * now rather than after TEST_REQUEST_TIMEOUT_MS: the newest timeout made
 * before it arrived is its own (the client makes it just before the call),
 * tried newest first until the call's own signal says it was aborted.
 */
export function timeOutNow(request: Request): void {
  for (let i = running.length - 1; i >= 0 && !request.signal.aborted; i--) running[i]!.fire();
}

/** The call being answered meets its client timeout now: a provider the backend waits on too long (the newest timeout is that call's). */
export function timeOutLatest(): void {
  running.at(-1)?.fire();
}
