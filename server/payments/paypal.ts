import type { PaymentProvider } from '../core/ports';

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  fetch?: typeof fetch;
}

const BASE = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: { id: string; status: string; amount: { value: string; currency_code: string } }[] } }[];
}

/** PayPal Orders v2: create a USD capture order for the amount, capture it after the buyer approves. */
export function paypalPayments({ clientId, clientSecret, environment, fetch: send = fetch }: PaypalSettings): PaymentProvider {
  const base = BASE[environment];

  async function token(): Promise<string> {
    const response = await send(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`PayPal token request failed with ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function call<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    const response = await send(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'paypal-request-id': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const completedCapture = (order: PaypalOrder) =>
    order.purchase_units?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED' && c.amount.currency_code === 'USD');

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
      // The same request id makes a repeated capture return the first result instead of failing.
      const { status, body } = await call<PaypalOrder>(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, `capture-${id}`);
      if (status >= 300 && status !== 422) throw new Error(`PayPal capture failed with ${status}`);
      const capture = completedCapture(body);
      return capture ? Number(capture.amount.value) : null;
    },
    async refund(id) {
      const { body } = await call<PaypalOrder>(`/v2/checkout/orders/${encodeURIComponent(id)}`);
      const capture = completedCapture(body);
      if (capture) await call(`/v2/payments/captures/${capture.id}/refund`, {}, `refund-${capture.id}`);
    },
  };
}
