import { authEmulator } from './authEmulator';

/** What the built server answered: its status and its body, parsed when JSON, else the text (so an assertion shows what came). */
export type Answer = { status: number; body: any };

/** Waits until the built server on this port answers its health check, asking every 100 ms, for at most `timeoutMs`. */
export async function waitForHealth(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

/** An ID token for an emulator account, as the storefront signs in. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`http://${authEmulator().host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** One API call to the built server on this port, with the caller's token (none for a visitor). */
export async function call(port: number, token: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { status: response.status, body: parsed };
}
