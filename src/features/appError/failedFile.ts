import { storedValue } from '~/src/state/storage/storedValue';

/**
 * A reload made for a file that failed to load counts this long: a file that
 * fails again within it shows the error page rather than a second reload, so
 * a file that is really gone never makes a loop.
 */
export const RELOAD_WINDOW_MS = 5 * 60_000;

/** Browsers' words for a module that could not be loaded (Chromium's 'Failed to fetch…' and Firefox's 'error loading…' end alike; Safari's), and Vite's for a screen's style sheet. */
const FAILED_FILE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Errors Vite reported with `vite:preloadError`: a file of the build that did not load, whatever the browser called it. */
const reported = new WeakSet<object>();

export function noteFailedFile(error: unknown): void {
  if (typeof error === 'object' && error !== null) reported.add(error);
}

/** Whether an error is a file of the build that did not load (a deploy renamed the files the open page still asks for, or the network failed). */
export function isFailedFile(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return reported.has(error) || (error instanceof Error && FAILED_FILE.test(error.message));
}

/** When this tab last reloaded for a failed file (ms since the epoch), for the tab's life. */
const lastReload = storedValue<number>(
  'reloadedForFailedFile',
  (raw) => (typeof raw === 'number' ? raw : null),
  0,
  () => window.sessionStorage,
);

/** Whether a failed file may be loaded again by reloading the page: none was, within RELOAD_WINDOW_MS. False where the tab cannot remember it. */
export function mayReloadForFailedFile(now = Date.now()): boolean {
  try {
    return now - lastReload.read() >= RELOAD_WINDOW_MS;
  } catch {
    return false;
  }
}

/** Notes the reload about to be made, with its time; false (make none) when the tab cannot keep the note. */
export function noteReloadForFailedFile(now = Date.now()): boolean {
  try {
    lastReload.write(now);
    return lastReload.read() === now;
  } catch {
    return false;
  }
}
