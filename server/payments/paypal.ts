import type { CaptureOutcome, PaymentProvider } from '../core/ports';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** Another address of PayPal's REST API than the environment's, e.g. a local stand-in in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

const BASE = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** A call PayPal has not answered by then fails, so a refund attempt ends within its lease (REFUND_ATTEMPT_LEASE_MS). */
const REQUEST_TIMEOUT_MS = 10_000;

/** A token is asked anew this long before PayPal's expires_in runs out (or halfway, for a shorter one), so none expires on its way. */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/** An access token asked for or held, shared by every call until `usedUntil`; `value` once PayPal gave it. */
interface HeldToken {
  accessToken: Promise<string>;
  usedUntil: number;
  value?: string;
}

interface PaypalCapture {
  id: string;
  status: string;
  amount: { value: string; currency_code: string };
}

interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: PaypalCapture[] } }[];
}

/** PayPal's error body: what went wrong, by issue name. */
interface PaypalErrorBody {
  name?: string;
  details?: { issue: string }[];
}

/**
 * A PayPal call that failed. `retryable` tells whether asking again later
 * may succeed: PayPal unreachable, too slow, overloaded (429) or failing
 * (5xx), or a capture still PENDING; not after any other 4xx or for a
 * capture PayPal will never refund.
 */
export class PaypalFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PaypalFailure';
  }
}

const failedWith = (what: string, status: number) =>
  new PaypalFailure(`PayPal ${what} failed with ${status}`, status === 429 || status >= 500);

const capturesOf = (order: PaypalOrder) => order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? [];

/** Capture statuses of a capture that took no money: the buyer's bank or PayPal refused it. */
const NEVER_TOOK_MONEY = new Set(['DECLINED', 'FAILED']);
/** Capture statuses whose money is back with the buyer: refunded in full, or reversed by the buyer's bank. */
const GIVEN_BACK = new Set(['REFUNDED', 'REVERSED']);
/** Capture statuses still holding money to give back: all of it, or the rest after a partial refund (e.g. from PayPal's dashboard). */
const REFUNDABLE = new Set(['COMPLETED', 'PARTIALLY_REFUNDED']);

/** Any capture but a refused one took the money, even if it is PENDING or given back since. */
const tookMoney = (capture: PaypalCapture) => !NEVER_TOOK_MONEY.has(capture.status);

/** What the order's capture came to: a COMPLETED capture's money; else money taken but not completed (PENDING, or moved on since), or none. */
function outcomeOf(order: PaypalOrder): CaptureOutcome {
  const captures = capturesOf(order);
  const completed = captures.find((c) => c.status === 'COMPLETED');
  if (completed) return { kind: 'completed', money: { amount: Number(completed.amount.value), currency: completed.amount.currency_code } };
  return captures.some(tookMoney) ? { kind: 'pending' } : { kind: 'refused' };
}

/** PayPal Orders v2: create a USD capture order for the amount, capture it after the buyer approves. */
export function paypalPayments({ clientId, clientSecret, environment, baseUrl, fetch: send = fetch }: PaypalSettings): PaymentProvider {
  const base = baseUrl ?? BASE[environment];

  /**
   * One request to PayPal, answered by its status and JSON body. No answer
   * (network, timeout) or a success whose body is not JSON is a retryable
   * failure; an error's body that is not JSON (a gateway's page) is left empty.
   */
  async function request<T>(path: string, init: RequestInit): Promise<{ status: number; body: T }> {
    let status: number;
    let text: string;
    try {
      const response = await send(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // The cause's own message ("fetch failed", a timeout's), as the shop logs it.
      throw new PaypalFailure(error instanceof Error ? error.message : String(error), true, { cause: error });
    }
    try {
      return { status, body: JSON.parse(text) as T };
    } catch (error) {
      if (status < 300)
        throw new PaypalFailure(`PayPal answered ${init.method} ${path} with ${status} but no JSON`, true, { cause: error });
      return { status, body: {} as T };
    }
  }

  async function askToken(): Promise<{ accessToken: string; lifetimeMs: number }> {
    const { status, body } = await request<{ access_token: string; expires_in?: number }>('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (status >= 300) throw failedWith('token request', status);
    return { accessToken: body.access_token, lifetimeMs: (body.expires_in ?? 0) * 1000 };
  }

  let held: HeldToken | null = null;

  /** PayPal's token, asked for only when none is held or it is about to expire; callers meanwhile share one request. */
  function token(): Promise<string> {
    if (held && Date.now() < held.usedUntil) return held.accessToken;
    const asked = Date.now();
    const fresh: HeldToken = {
      usedUntil: Infinity,
      accessToken: askToken().then(
        ({ accessToken, lifetimeMs }) => {
          fresh.value = accessToken;
          fresh.usedUntil = asked + Math.max(lifetimeMs - TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2);
          return accessToken;
        },
        (error: unknown) => {
          if (held === fresh) held = null;
          throw error;
        },
      ),
    };
    held = fresh;
    return fresh.accessToken;
  }

  /** Stops using a token PayPal refused (revoked, or expired early); one asked for since by another call stays. */
  function forget(accessToken: string) {
    if (held?.value === accessToken) held = null;
  }

  /** A call to PayPal; refused with 401, asked once more with a fresh token. */
  async function call<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    const ask = (accessToken: string) =>
      request<T>(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'paypal-request-id': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const accessToken = await token();
    const answer = await ask(accessToken);
    if (answer.status !== 401) return answer;
    forget(accessToken);
    return ask(await token());
  }

  /** The order as PayPal holds it; null when PayPal has no such order (an order never captured is dropped once it expires). */
  async function foundOrder(id: string): Promise<PaypalOrder | null> {
    const { status, body } = await call<PaypalOrder & PaypalErrorBody>(`/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (status === 404 && body.details?.some((d) => d.issue === 'INVALID_RESOURCE_ID')) return null;
    if (status >= 300) throw failedWith('order lookup', status);
    return body;
  }

  async function order(id: string): Promise<PaypalOrder> {
    const found = await foundOrder(id);
    if (!found) throw failedWith('order lookup', 404);
    return found;
  }

  /** Gives back what is left of a capture; resolves only once PayPal has all of it back with the buyer. */
  async function refundCapture(capture: PaypalCapture): Promise<void> {
    if (GIVEN_BACK.has(capture.status)) return;
    if (capture.status === 'PENDING')
      throw new PaypalFailure(`PayPal capture ${capture.id} is PENDING: it can be refunded only once PayPal completes it`, true);
    if (!REFUNDABLE.has(capture.status))
      throw new PaypalFailure(`PayPal capture ${capture.id} is ${capture.status}: PayPal cannot refund it`, false);
    // No amount: PayPal refunds what is left of the capture. The same request id makes a repeated refund answer the first result instead of refunding again.
    const { status, body } = await call<PaypalErrorBody>(
      `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
      {},
      `refund-${capture.id}`,
    );
    if (status === 422 && body.details?.some((d) => d.issue === 'CAPTURE_FULLY_REFUNDED')) return;
    if (status >= 300) throw failedWith(`refund of capture ${capture.id}`, status);
  }

  return {
    name: 'paypal',
    async create(amount) {
      const { status, body } = await call<PaypalOrder>('/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: amount.toFixed(2) } }],
      });
      if (status >= 300) throw failedWith('order creation', status);
      return body.id;
    },
    async capture(id) {
      // The same request id makes a repeated capture answer the first result instead of capturing again.
      const { status, body } = await call<PaypalOrder & PaypalErrorBody>(
        `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
        {},
        `capture-${id}`,
      );
      if (status === 422) {
        // Captured before, by a call whose request id PayPal no longer remembers: the money is what the order holds.
        if (body.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) return outcomeOf(await order(id));
        // Any other 422 is a capture PayPal refused (a declined instrument, an order not approved).
        return { kind: 'refused' };
      }
      if (status >= 300) throw failedWith('capture', status);
      return outcomeOf(body);
    },
    async refund(id) {
      // Done only when PayPal reports the money back: a capture refunded before (by an attempt whose answer was lost) is REFUNDED.
      const captures = capturesOf(await order(id));
      if (captures.length === 0) throw new PaypalFailure(`PayPal order ${id} holds no capture to refund`, false);
      for (const capture of captures) await refundCapture(capture);
    },
    async wasCaptured(id) {
      const found = await foundOrder(id);
      return found !== null && capturesOf(found).some(tookMoney);
    },
  };
}
