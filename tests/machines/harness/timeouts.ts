/** The client's 15 s timeout, shortened so a call that never answers fails fast; the code path is the app's own. */
export const TEST_REQUEST_TIMEOUT_MS = 250;
