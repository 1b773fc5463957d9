import { describe, expect, it, vi } from 'vitest';
import { paypalPayments } from './paypal';

function fakePaypal(captureStatus: 'COMPLETED' | 'DECLINED', value = '25.50') {
  const calls: { method: string; url: string; body?: unknown; headers: Record<string, string> }[] = [];
  const order = { id: 'ORDER-1', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'CAP-1', status: captureStatus, amount: { value, currency_code: 'USD' } }] } }] };
  const send = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).replace('https://api-m.sandbox.paypal.com', '');
    if (path === '/v1/oauth2/token') return Response.json({ access_token: 'T' });
    calls.push({ method: init?.method ?? 'GET', url: path, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: init?.headers as Record<string, string> });
    if (path === '/v2/checkout/orders') return Response.json({ id: 'ORDER-1', status: 'CREATED' }, { status: 201 });
    return Response.json(order, { status: 201 });
  });
  return { calls, provider: paypalPayments({ clientId: 'id', clientSecret: 'secret', environment: 'sandbox', fetch: send as typeof fetch }) };
}

describe('PayPal Orders v2', () => {
  it('creates a USD capture order for the amount', async () => {
    const { calls, provider } = fakePaypal('COMPLETED');
    expect(await provider.create(25.5)).toBe('ORDER-1');
    const create = calls.find((c) => c.url === '/v2/checkout/orders')!;
    expect(create.body).toEqual({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '25.50' } }] });
    expect(create.headers.authorization).toBe('Bearer T');
  });

  it('answers the captured amount, idempotently, or null when not completed', async () => {
    const ok = fakePaypal('COMPLETED');
    expect(await ok.provider.capture('ORDER-1')).toBe(25.5);
    expect(ok.calls.find((c) => c.url.endsWith('/capture'))!.headers['paypal-request-id']).toBe('capture-ORDER-1');
    expect(await fakePaypal('DECLINED').provider.capture('ORDER-1')).toBeNull();
  });

  it('refunds the completed capture of an order', async () => {
    const { calls, provider } = fakePaypal('COMPLETED');
    await provider.refund('ORDER-1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /v2/payments/captures/CAP-1/refund');
  });
});
