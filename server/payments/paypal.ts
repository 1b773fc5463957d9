import type { CapturedMoney, PaymentProvider } from '../core/ports';

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
interface PaypalError {
  name?: string;
  details?: { issue: string }[];
}

const completedCapture = (order: PaypalOrder) =>
  order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []).find((c) => c.status === 'COMPLETED');

function capturedMoney(order: PaypalOrder): CapturedMoney | null {
  const capture = completedCapture(order);
  return capture ? { amount: Number(capture.amount.value), currency: capture.amount.currency_code } : null;
}

/** PayPal Orders v2: create a USD capture order for the amount, capture it after the buyer approves. */
export function paypalPayments({ clientId, clientSecret, environment, baseUrl, fetch: send = fetch }: PaypalSettings): PaymentProvider {
  const base = baseUrl ?? BASE[environment];

  async function token(): Promise<string> {
    const response = await send(`${base}/v1/oauth2/token`, {
      method: 'POST',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`PayPal token request failed with ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function call<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    const response = await send(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'paypal-request-id': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function order(id: string): Promise<PaypalOrder> {
    const { status, body } = await call<PaypalOrder>(`/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (status >= 300) throw new Error(`PayPal order lookup failed with ${status}`);
    return body;
  }

  return {
    name: 'paypal',
    async create(amount) {
      const { status, body } = await call<PaypalOrder>('/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: amount.toFixed(2) } }],
      });
      if (status >= 300) throw new Error(`PayPal order creation failed with ${status}`);
      return body.id;
    },
    async capture(id) {
      // The same request id makes a repeated capture answer the first result instead of capturing again.
      const { status, body } = await call<PaypalOrder & PaypalError>(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, `capture-${id}`);
      if (status === 422) {
        // Captured before, by a call whose request id PayPal no longer remembers: the money is what the order holds.
        if (body.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) return capturedMoney(await order(id));
        // Any other 422 is a capture PayPal refused (a declined instrument, an order not approved).
        return null;
      }
      if (status >= 300) throw new Error(`PayPal capture failed with ${status}`);
      return capturedMoney(body);
    },
    async refund(id) {
      // A capture refunded before (by an attempt whose answer was lost) is no longer COMPLETED: nothing is left to give back.
      const capture = completedCapture(await order(id));
      if (!capture) return;
      // The same request id makes a repeated refund answer the first result instead of refunding again.
      const { status, body } = await call<PaypalError>(`/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {}, `refund-${capture.id}`);
      if (status === 422 && body.details?.some((d) => d.issue === 'CAPTURE_FULLY_REFUNDED')) return;
      if (status >= 300) throw new Error(`PayPal refund of capture ${capture.id} failed with ${status}`);
    },
  };
}
