import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Money {
  currency_code: string;
  value: string;
}

interface Capture {
  id: string;
  /** COMPLETED, DECLINED, PENDING, PARTIALLY_REFUNDED, REFUNDED, FAILED, REVERSED, or one PayPal may add later. */
  status: string;
  amount: Money;
}

interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  captures: Capture[];
}

/** How the next capture of an order goes, as the buyer's bank decides. */
export type CaptureOutcome =
  | { kind: 'completed'; as?: Money }
  | { kind: 'declined' }
  | { kind: 'not completed' }
  /** PayPal takes the money but holds the capture (PENDING, e.g. for review) until it completes it, or not. */
  | { kind: 'pending' };

interface Answer {
  status: number;
  body: unknown;
}

const CLIENT_ID = 'stand-in-client';
const CLIENT_SECRET = 'stand-in-secret';

const issue = (status: number, name: string, issueName: string): Answer => ({
  status,
  body: { name, details: [{ issue: issueName }], message: `${name}: ${issueName}` },
});

const cents = (money: Money) => Math.round(Number(money.value) * 100);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in of PayPal's REST API (OAuth token, Orders v2 create, get
 * and capture, Payments v2 refund) on a loopback port. A capture or refund
 * repeated with the same PayPal-Request-Id answers what the first one did;
 * without it, a second capture is refused as PayPal refuses it. The buyer's
 * approval, which happens in PayPal's window, is `approve(id)`, or
 * `POST /stand-in/approve?token={id}` from another process. A refund without
 * an amount gives back what is left of the capture, as PayPal's does.
 */
export async function startPaypalStandIn({ port: wanted = 0 }: { port?: number } = {}) {
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const outcomes = new Map<string, CaptureOutcome>();
  const replies = new Map<string, Answer>();
  const refunds: { captureId: string; amount: Money }[] = [];
  const refundedCents = new Map<string, number>();
  const captureCalls: string[] = [];

  const orderBody = (order: StandInOrder) => ({
    id: order.id,
    status: order.status,
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        ...(order.captures.length > 0 ? { payments: { captures: order.captures } } : {}),
      },
    ],
  });

  function token(request: IncomingMessage, text: string): Answer {
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
    if (new URLSearchParams(text).get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    const accessToken = `A21-${randomUUID()}`;
    tokens.add(accessToken);
    return { status: 200, body: { access_token: accessToken, token_type: 'Bearer', expires_in: 32400 } };
  }

  function createOrder(text: string): Answer {
    const body = JSON.parse(text) as { intent?: string; purchase_units?: { amount?: Money }[] };
    const amount = body.purchase_units?.[0]?.amount;
    if (body.intent !== 'CAPTURE' || !amount || !/^\d+(\.\d{2})?$/.test(amount.value))
      return issue(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE');
    const order: StandInOrder = {
      id: randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase(),
      status: 'CREATED',
      amount,
      captures: [],
    };
    orders.set(order.id, order);
    return { status: 201, body: orderBody(order) };
  }

  function capture(order: StandInOrder): Answer {
    captureCalls.push(order.id);
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const outcome = outcomes.get(order.id) ?? { kind: 'completed' };
    if (outcome.kind === 'declined') return issue(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    const status = outcome.kind === 'completed' ? 'COMPLETED' : outcome.kind === 'pending' ? 'PENDING' : 'DECLINED';
    order.captures.push({
      id: `CAP-${randomUUID().slice(0, 8).toUpperCase()}`,
      status,
      amount: (outcome.kind === 'completed' && outcome.as) || order.amount,
    });
    order.status = 'COMPLETED';
    return { status: 201, body: orderBody(order) };
  }

  const findCapture = (captureId: string) => [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === captureId);

  function refund(captureId: string, text: string): Answer {
    const found = findCapture(captureId);
    if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (found.status === 'REFUNDED') return issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    if (found.status !== 'COMPLETED' && found.status !== 'PARTIALLY_REFUNDED')
      return issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID');
    const before = refundedCents.get(captureId) ?? 0;
    const left = cents(found.amount) - before;
    const asked = text ? (JSON.parse(text) as { amount?: Money }).amount : undefined;
    const amount = asked ?? (before === 0 ? found.amount : { currency_code: found.amount.currency_code, value: (left / 100).toFixed(2) });
    if (amount.currency_code !== found.amount.currency_code || cents(amount) <= 0 || cents(amount) > left)
      return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    refundedCents.set(captureId, before + cents(amount));
    found.status = cents(amount) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    refunds.push({ captureId, amount });
    return { status: 201, body: { id: `REF-${randomUUID().slice(0, 8).toUpperCase()}`, status: 'COMPLETED', amount } };
  }

  function approval(id: string): Answer {
    const order = orders.get(id);
    if (!order || order.status !== 'CREATED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_WAITING_FOR_APPROVAL');
    order.status = 'APPROVED';
    return { status: 200, body: orderBody(order) };
  }

  /** Runs a write once per PayPal-Request-Id: a repeat answers the first answer. */
  function once(request: IncomingMessage, work: () => Answer): Answer {
    const key = request.headers['paypal-request-id'];
    if (typeof key !== 'string') return work();
    const replayKey = `${request.method} ${request.url} ${key}`;
    const saved = replies.get(replayKey);
    if (saved) return saved;
    const answer = work();
    replies.set(replayKey, answer);
    return answer;
  }

  async function route(request: IncomingMessage): Promise<Answer> {
    const text = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (request.method === 'POST' && path === '/v1/oauth2/token') return token(request, text);
    if (request.method === 'POST' && path === '/stand-in/approve')
      return approval(new URL(request.url ?? '/', 'http://stand-in').searchParams.get('token') ?? '');
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return issue(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    if (request.method === 'POST' && path === '/v2/checkout/orders') return once(request, () => createOrder(text));
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (request.method === 'GET' && !orderMatch[2]) return { status: 200, body: orderBody(order) };
      if (request.method === 'POST' && orderMatch[2]) return once(request, () => capture(order));
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refundMatch) return once(request, () => refund(decodeURIComponent(refundMatch[1]!), text));
    return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  function reply(response: ServerResponse, answer: Answer) {
    // No kept-alive sockets: one closed by the server's idle timeout just as the client reuses it fails the request.
    response.writeHead(answer.status, { 'content-type': 'application/json', connection: 'close' });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    route(request).then(
      (answer) => reply(response, answer),
      () => reply(response, issue(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR')),
    );
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    /** The buyer approves the order in PayPal's window. */
    approve(id: string) {
      if (approval(id).status !== 200) throw new Error(`No order ${id} waiting for approval`);
    },
    /** How the order's capture will go; completed for the order's own amount unless told. */
    willCapture(id: string, outcome: CaptureOutcome) {
      outcomes.set(id, outcome);
    },
    order: (id: string) => orders.get(id),
    /** A merchant refunds part of a capture from PayPal's dashboard, outside the shop (a refund of `refunds` too). */
    refundFromDashboard(captureId: string, value: string) {
      const capture = findCapture(captureId);
      const answer = capture ? refund(captureId, JSON.stringify({ amount: { currency_code: capture.amount.currency_code, value } })) : null;
      if (answer?.status !== 201) throw new Error(`PayPal refused to refund ${value} of capture ${captureId}`);
    },
    /** PayPal moves a capture on by itself: held for review (PENDING), taken back by the buyer's bank (REVERSED), and so on. */
    captureBecomes(captureId: string, status: string) {
      const capture = findCapture(captureId);
      if (!capture) throw new Error(`No capture ${captureId}`);
      capture.status = status;
    },
    /** PayPal keeps request ids for a while only: after this, a repeated capture is a new capture attempt. */
    forgetRequestIds() {
      replies.clear();
    },
    /** Every capture actually attempted (a replay by request id is not one). */
    captureCalls,
    refunds,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type PaypalStandIn = Awaited<ReturnType<typeof startPaypalStandIn>>;
