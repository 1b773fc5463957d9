import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPaypalStandIn, type PaypalStandIn } from '~/tests/contract/paypalStandIn';
import { PaypalFailure, paypalPayments } from './paypal';

let paypal: PaypalStandIn;

beforeAll(async () => {
  paypal = await startPaypalStandIn();
});
afterAll(() => paypal.close());

const adapter = (secret = paypal.clientSecret) =>
  paypalPayments({ clientId: paypal.clientId, clientSecret: secret, environment: 'sandbox', baseUrl: paypal.baseUrl });

/** A PayPal order for the amount, approved by the buyer. */
async function approved(amount: number) {
  const provider = adapter();
  const id = await provider.create(amount);
  paypal.approve(id);
  return { provider, id };
}

/** A PayPal order captured in full; its capture's id. */
async function captured(amount: number) {
  const { provider, id } = await approved(amount);
  await provider.capture(id);
  return { provider, id, captureId: paypal.order(id)!.captures[0]!.id };
}

/** The adapter, its requests sent through `send`, which may watch or change them on their way to the stand-in. */
const through = (send: typeof fetch) =>
  paypalPayments({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    environment: 'sandbox',
    baseUrl: paypal.baseUrl,
    fetch: send,
  });

/** The adapter, its refund requests answered by `refund` instead of PayPal. */
const refundsAnswered = (refund: () => Promise<Response>) =>
  through((input, init) => (String(input).endsWith('/refund') ? refund() : fetch(input, init)));

const capturesOf = (id: string) => paypal.captureCalls.filter((c) => c === id).length;
const refundsOf = (id: string) => paypal.refunds.filter((r) => paypal.order(id)!.captures.some((c) => c.id === r.captureId));

describe('PayPal Orders v2 against a local stand-in of its REST API', () => {
  it('creates a USD capture order for the amount', async () => {
    const id = await adapter().create(25.5);
    expect(paypal.order(id)).toMatchObject({ status: 'CREATED', amount: { currency_code: 'USD', value: '25.50' } });
  });

  it('refuses to work without valid credentials', async () => {
    await expect(adapter('wrong').create(10)).rejects.toThrow('PayPal token request failed with 401');
  });

  it('captures an approved order, answering the money captured', async () => {
    const { provider, id } = await approved(25.5);
    expect(await provider.capture(id)).toEqual({ kind: 'completed', money: { amount: 25.5, currency: 'USD' } });
    expect(paypal.order(id)).toMatchObject({
      status: 'COMPLETED',
      captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '25.50' } }],
    });
  });

  it('answers refused for a declined instrument (422 INSTRUMENT_DECLINED), a DECLINED capture, or an order the buyer did not approve', async () => {
    const declined = await approved(12);
    paypal.willCapture(declined.id, { kind: 'declined' });
    expect(await declined.provider.capture(declined.id)).toEqual({ kind: 'refused' });

    const notCompleted = await approved(12);
    paypal.willCapture(notCompleted.id, { kind: 'not completed' });
    expect(await notCompleted.provider.capture(notCompleted.id)).toEqual({ kind: 'refused' });
    expect(paypal.order(notCompleted.id)!.captures).toMatchObject([{ status: 'DECLINED' }]);

    const provider = adapter();
    const unapproved = await provider.create(12);
    expect(await provider.capture(unapproved)).toEqual({ kind: 'refused' });
  });

  it('answers pending for a capture PayPal took but holds PENDING, also when asked again once PayPal forgot the request id; completed once PayPal completes it', async () => {
    const { provider, id } = await approved(12);
    paypal.willCapture(id, { kind: 'pending' });
    expect(await provider.capture(id)).toEqual({ kind: 'pending' });
    expect(paypal.order(id)!.captures).toMatchObject([{ status: 'PENDING' }]);
    paypal.forgetRequestIds();
    expect(await provider.capture(id)).toEqual({ kind: 'pending' });
    paypal.captureBecomes(paypal.order(id)!.captures[0]!.id, 'COMPLETED');
    paypal.forgetRequestIds();
    expect(await provider.capture(id)).toEqual({ kind: 'completed', money: { amount: 12, currency: 'USD' } });
    expect(paypal.order(id)!.captures).toHaveLength(1);
  });

  it('answers the captured amount and currency as PayPal reports them, and refunds such a capture once', async () => {
    const { provider, id } = await approved(40);
    paypal.willCapture(id, { kind: 'completed', as: { currency_code: 'EUR', value: '40.00' } });
    expect(await provider.capture(id)).toEqual({ kind: 'completed', money: { amount: 40, currency: 'EUR' } });
    await provider.refund(id);
    await provider.refund(id);
    expect(refundsOf(id)).toEqual([{ captureId: paypal.order(id)!.captures[0]!.id, amount: { currency_code: 'EUR', value: '40.00' } }]);
    expect(paypal.order(id)!.captures[0]!.status).toBe('REFUNDED');
  });

  it('never counts an order without a capture as refunded: a permanent failure', async () => {
    const { provider, id } = await approved(9.99);
    const failure = provider.refund(id);
    await expect(failure).rejects.toThrow(`PayPal order ${id} holds no capture to refund`);
    await expect(failure).rejects.toMatchObject({ retryable: false });
    expect(refundsOf(id)).toEqual([]);
  });

  it('refunds what is left of a capture partly refunded from the dashboard, under the same request id, and then no more', async () => {
    const { provider, id, captureId } = await captured(40);
    paypal.refundFromDashboard(captureId, '15.00');
    expect(paypal.order(id)!.captures[0]!.status).toBe('PARTIALLY_REFUNDED');
    const requestIds: (string | null)[] = [];
    const watched = through((input, init) => {
      if (String(input).endsWith('/refund')) requestIds.push(new Headers(init?.headers).get('paypal-request-id'));
      return fetch(input, init);
    });
    await watched.refund(id);
    expect(requestIds).toEqual([`refund-${captureId}`]);
    expect(refundsOf(id)).toEqual([
      { captureId, amount: { currency_code: 'USD', value: '15.00' } },
      { captureId, amount: { currency_code: 'USD', value: '25.00' } },
    ]);
    expect(paypal.order(id)!.captures[0]!.status).toBe('REFUNDED');
    await provider.refund(id);
    expect(refundsOf(id)).toHaveLength(2);
  });

  it.each(['REFUNDED', 'REVERSED'])('counts a capture PayPal reports %s as given back, asking for no refund', async (status) => {
    const { provider, id, captureId } = await captured(22);
    paypal.captureBecomes(captureId, status);
    await provider.refund(id);
    expect(refundsOf(id)).toEqual([]);
  });

  it.each([
    ['PENDING', true],
    ['DECLINED', false],
    ['FAILED', false],
    ['HELD_BY_SOMETHING_NEW', false],
  ])('throws for a capture PayPal reports %s, naming it, retryable: %s, asking for no refund', async (status, retryable) => {
    const { provider, id, captureId } = await captured(17);
    paypal.captureBecomes(captureId, status);
    const failure = provider.refund(id);
    await expect(failure).rejects.toThrow(`PayPal capture ${captureId} is ${status}`);
    await expect(failure).rejects.toMatchObject({ retryable });
    expect(refundsOf(id)).toEqual([]);
    expect(paypal.order(id)!.captures[0]!.status).toBe(status);
  });

  it('tells whether a failed refund is worth asking again: yes for PayPal unreachable, too slow, overloaded or failing; not after any other 4xx', async () => {
    const { id, captureId } = await captured(12);
    const refused = (status: number) => Response.json({ name: 'ERROR', details: [{ issue: 'SOMETHING' }] }, { status });
    const transient = [
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      () => Promise.resolve(refused(500)),
      () => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
      () => Promise.resolve(refused(429)),
      () => Promise.resolve(new Response('<html>OK</html>', { status: 201 })),
    ];
    for (const answer of transient) await expect(refundsAnswered(answer).refund(id)).rejects.toMatchObject({ retryable: true });
    for (const status of [400, 403, 404, 422]) {
      const failure = refundsAnswered(() => Promise.resolve(refused(status))).refund(id);
      await expect(failure).rejects.toThrow(`PayPal refund of capture ${captureId} failed with ${status}`);
      await expect(failure).rejects.toMatchObject({ retryable: false });
    }
    await expect(refundsAnswered(() => Promise.reject(new TypeError('fetch failed'))).refund(id)).rejects.toBeInstanceOf(PaypalFailure);
    expect(refundsOf(id)).toEqual([]);
  });

  it('replays a capture: the same answer, no second capture, even once PayPal forgot the request id', async () => {
    const { provider, id } = await approved(18.75);
    const first = await provider.capture(id);
    expect(await provider.capture(id)).toEqual(first);
    expect(capturesOf(id)).toBe(1);
    paypal.forgetRequestIds();
    expect(await provider.capture(id)).toEqual(first);
    expect(paypal.order(id)!.captures).toHaveLength(1);
  });

  it('refunds once when asked again after the answer was lost, by the same PayPal-Request-Id, and once PayPal forgot it', async () => {
    const { provider, id } = await approved(31);
    await provider.capture(id);
    const requestIds: (string | null)[] = [];
    const losing = through(async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith('/refund')) return response;
      requestIds.push(new Headers(init?.headers).get('paypal-request-id'));
      throw new TypeError('fetch failed');
    });
    await expect(losing.refund(id)).rejects.toThrow('fetch failed');
    expect(refundsOf(id)).toHaveLength(1);
    expect(requestIds).toEqual([`refund-${paypal.order(id)!.captures[0]!.id}`]);
    await provider.refund(id);
    paypal.forgetRequestIds();
    await provider.refund(id);
    expect(refundsOf(id)).toHaveLength(1);
  });

  it('counts a refund PayPal answers 422 CAPTURE_FULLY_REFUNDED as made; any other failure is thrown', async () => {
    const { provider, id } = await approved(14);
    await provider.capture(id);
    await provider.refund(id);
    paypal.forgetRequestIds();
    // The order as read before the refund: its capture still COMPLETED, so the refund is asked again.
    const stale = (failRefundsWith?: number) =>
      through(async (input, init) => {
        if (failRefundsWith && String(input).endsWith('/refund'))
          return Response.json({ name: 'INTERNAL_SERVER_ERROR' }, { status: failRefundsWith });
        const response = await fetch(input, init);
        if (!String(input).endsWith(`/orders/${id}`)) return response;
        const text = (await response.text()).replaceAll('"REFUNDED"', '"COMPLETED"');
        return new Response(text, { status: response.status, headers: response.headers });
      });
    await stale().refund(id);
    expect(refundsOf(id)).toHaveLength(1);
    await expect(stale(500).refund(id)).rejects.toThrow(/PayPal refund of capture CAP-\w+ failed with 500/);
  });

  it('tells whether it captured an order whose capture answer was lost: yes for any capture that took the money, even given back since', async () => {
    const { provider, id } = await approved(21);
    const losing = through(async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/capture')) throw new TypeError('fetch failed');
      return response;
    });
    await expect(losing.capture(id)).rejects.toThrow('fetch failed');
    expect(await provider.wasCaptured(id)).toBe(true);
    const captureId = paypal.order(id)!.captures[0]!.id;
    for (const status of ['PENDING', 'PARTIALLY_REFUNDED', 'REFUNDED']) {
      paypal.captureBecomes(captureId, status);
      expect(await provider.wasCaptured(id)).toBe(true);
    }
  });

  it('tells it did not capture an order not approved, approved but not captured, declined, or one PayPal no longer has (404 INVALID_RESOURCE_ID)', async () => {
    const provider = adapter();
    expect(await provider.wasCaptured(await provider.create(8))).toBe(false);
    const waiting = await approved(8);
    expect(await provider.wasCaptured(waiting.id)).toBe(false);
    const declined = await approved(8);
    paypal.willCapture(declined.id, { kind: 'not completed' });
    expect(await declined.provider.capture(declined.id)).toEqual({ kind: 'refused' });
    expect(await provider.wasCaptured(declined.id)).toBe(false);
    expect(await provider.wasCaptured('NO-SUCH-ORDER')).toBe(false);
  });

  it('throws when it cannot tell whether it captured: retryable for PayPal unreachable or failing, not for another 4xx or a 404 that does not say the order is unknown', async () => {
    const { id } = await captured(8);
    const lookupsAnswered = (answer: () => Promise<Response>) =>
      through((input, init) => (String(input).endsWith(`/orders/${id}`) ? answer() : fetch(input, init)));
    await expect(lookupsAnswered(() => Promise.reject(new TypeError('fetch failed'))).wasCaptured(id)).rejects.toMatchObject({
      retryable: true,
    });
    await expect(
      lookupsAnswered(() => Promise.resolve(Response.json({ name: 'INTERNAL_SERVER_ERROR' }, { status: 500 }))).wasCaptured(id),
    ).rejects.toMatchObject({ retryable: true });
    for (const answer of [
      Response.json({ name: 'NOT_AUTHORIZED' }, { status: 403 }),
      new Response('<html>Not Found</html>', { status: 404 }),
    ]) {
      const failure = lookupsAnswered(() => Promise.resolve(answer)).wasCaptured(id);
      await expect(failure).rejects.toThrow(`PayPal order lookup failed with ${answer.status}`);
      await expect(failure).rejects.toMatchObject({ retryable: false });
    }
  });

  it('fails loudly, and for good, when PayPal cannot find the order to refund', async () => {
    const failure = adapter().refund('NO-SUCH-ORDER');
    await expect(failure).rejects.toThrow('PayPal order lookup failed with 404');
    await expect(failure).rejects.toMatchObject({ retryable: false });
  });
});

/** PayPal's token answer says a token lasts 9 hours (the stand-in's expires_in: 32400). */
const TOKEN_LIFETIME_MS = 32_400_000;

/** The adapter and the requests it sends, by path and bearer token; `answer` may answer a request instead of the stand-in. */
function watchedAdapter(answer: (path: string) => Response | undefined = () => undefined) {
  const sent: { path: string; bearer: string | null; requestId: string | null }[] = [];
  const provider = through((input, init) => {
    const headers = new Headers(init?.headers);
    const path = new URL(String(input)).pathname;
    sent.push({ path, bearer: headers.get('authorization'), requestId: headers.get('paypal-request-id') });
    return Promise.resolve(answer(path) ?? fetch(input, init));
  });
  const tokenRequests = () => sent.filter((r) => r.path === '/v1/oauth2/token').length;
  return { provider, sent, tokenRequests };
}

const unauthorized = () => Response.json({ name: 'AUTHENTICATION_FAILURE', details: [{ issue: 'INVALID_TOKEN' }] }, { status: 401 });

describe("PayPal's access token: asked once, kept until shortly before it expires, asked anew when PayPal refuses it", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for one token for a whole checkout and refund: create, capture, lookup and refund', async () => {
    const { provider, tokenRequests } = watchedAdapter();
    const id = await provider.create(20);
    paypal.approve(id);
    await provider.capture(id);
    expect(await provider.wasCaptured(id)).toBe(true);
    await provider.refund(id);
    await provider.create(5);
    expect(tokenRequests()).toBe(1);
  });

  it('shares one token request among calls made at the same time', async () => {
    const { provider, tokenRequests } = watchedAdapter();
    const ids = await Promise.all([1, 2, 3, 4, 5].map((amount) => provider.create(amount)));
    expect(new Set(ids).size).toBe(5);
    expect(tokenRequests()).toBe(1);
  });

  it('asks for a new token 5 minutes before the held one expires, not sooner', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-23T10:00:00Z') });
    const { provider, tokenRequests } = watchedAdapter();
    await provider.create(3);
    vi.advanceTimersByTime(TOKEN_LIFETIME_MS - 5 * 60_000 - 1_000);
    await provider.create(3);
    expect(tokenRequests()).toBe(1);
    vi.advanceTimersByTime(2_000);
    await provider.create(3);
    await provider.create(3);
    expect(tokenRequests()).toBe(2);
  });

  it('asks again after a failed token request instead of keeping its failure', async () => {
    let tokenAnswer: Response | undefined = Response.json({ name: 'INTERNAL_SERVER_ERROR' }, { status: 503 });
    const { provider, tokenRequests } = watchedAdapter((path) => (path === '/v1/oauth2/token' ? tokenAnswer : undefined));
    await expect(provider.create(4)).rejects.toMatchObject({ message: 'PayPal token request failed with 503', retryable: true });
    tokenAnswer = undefined;
    expect(paypal.order(await provider.create(4))).toMatchObject({ status: 'CREATED' });
    expect(tokenRequests()).toBe(2);
  });

  it('on a 401 (the token revoked or expired early) asks for one fresh token and sends the call once more with it, under the same request id', async () => {
    const { id, captureId } = await captured(16);
    let refusals = 1;
    const watched = watchedAdapter((path) => (path.endsWith('/refund') && refusals-- > 0 ? unauthorized() : undefined));
    await watched.provider.refund(id);
    const refundRequests = watched.sent.filter((r) => r.path.endsWith('/refund'));
    expect(refundRequests.map((r) => r.requestId)).toEqual([`refund-${captureId}`, `refund-${captureId}`]);
    expect(refundRequests[1]!.bearer).not.toBe(refundRequests[0]!.bearer);
    expect(watched.tokenRequests()).toBe(2);
    expect(refundsOf(id)).toHaveLength(1);
    await watched.provider.create(2);
    expect(watched.tokenRequests()).toBe(2);
  });

  it('fails as before, for good, when PayPal refuses the fresh token too', async () => {
    const { provider, sent, tokenRequests } = watchedAdapter((path) => (path === '/v2/checkout/orders' ? unauthorized() : undefined));
    const failure = provider.create(7);
    await expect(failure).rejects.toThrow('PayPal order creation failed with 401');
    await expect(failure).rejects.toMatchObject({ retryable: false });
    expect(sent.filter((r) => r.path === '/v2/checkout/orders')).toHaveLength(2);
    expect(tokenRequests()).toBe(2);
  });
});
