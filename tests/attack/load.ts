import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/** What came back: the status and the body as text; status 0 when nothing did, the body then saying why. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A connection silent this long is given up: a stalled shop fails the bounds, it does not hang the suite. */
const ANSWER_WITHIN_MS = 20_000;

/**
 * One request through the agent. An answer the server sent before it read
 * the whole body counts even when the connection is then reset under the
 * body still being written.
 */
export function send(agent: Agent, origin: string, { method = 'GET', path, headers = {}, body }: Call): Promise<Answer> {
  return new Promise((done) => {
    let answer: Answer | null = null;
    const outgoing = request(
      `${origin}${path}`,
      { agent, method, headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (response) => {
        answer = { status: response.statusCode!, headers: response.headers, body: '' };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (answer!.body += chunk));
        response.on('end', () => done(answer!));
        response.on('error', () => done(answer!));
      },
    );
    outgoing.setTimeout(ANSWER_WITHIN_MS, () => outgoing.destroy(new Error('no answer in time')));
    outgoing.on('error', (error: NodeJS.ErrnoException) => done(answer ?? { status: 0, headers: {}, body: error.code ?? error.message }));
    outgoing.end(body);
  });
}

/** One request on a connection of its own, closed after. */
export async function sendOnce(origin: string, call: Call): Promise<Answer> {
  const agent = new Agent();
  try {
    return await send(agent, origin, call);
  } finally {
    agent.destroy();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** How often the probe asks: one GET /api/health after another, this long apart. */
const PROBE_EVERY_MS = 25;

export interface Probed {
  /** The probe's median, in milliseconds, and how many probes it is of. */
  medianMs: number;
  probes: number;
  /** Every status the probe saw, once each. */
  statuses: number[];
}

/** Times GET /api/health, one request after another, for `ms`. */
export async function probeFor(origin: string, ms: number): Promise<Probed> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const statuses = new Set<number>();
  const times: number[] = [];
  const until = performance.now() + ms;
  try {
    while (performance.now() < until) {
      const started = performance.now();
      statuses.add((await send(agent, origin, { path: '/api/health' })).status);
      times.push(performance.now() - started);
      await pause(PROBE_EVERY_MS);
    }
  } finally {
    agent.destroy();
  }
  return { medianMs: Math.round(median(times)), probes: times.length, statuses: [...statuses] };
}

export interface Measured extends Probed {
  /** How many attacking requests had each verdict. */
  verdicts: Record<string, number>;
  /** The attackers' answers per second, all of them together. */
  perSecond: number;
}

/** The attack's first moments, before the probe starts timing: the attackers' connections opened and their requests under way. */
const RAMP_MS = 250;

/**
 * `clients` attackers, each sending one request after another through
 * connections of their own, while the probe times /api/health for `probeMs`
 * once they are under way. Each answer is judged by `verdict`.
 */
export async function underAttack(
  origin: string,
  { clients, call, verdict, probeMs }: { clients: number; call: () => Call; verdict: (answer: Answer) => string; probeMs: number },
): Promise<Measured> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const verdicts: Record<string, number> = {};
  let attacking = true;
  const attacker = async () => {
    while (attacking) {
      const judged = verdict(await send(agent, origin, call()));
      verdicts[judged] = (verdicts[judged] ?? 0) + 1;
    }
  };
  const started = performance.now();
  const attackers = Array.from({ length: clients }, attacker);
  try {
    await pause(RAMP_MS);
    const probed = await probeFor(origin, probeMs);
    const answered = Object.values(verdicts).reduce((sum, count) => sum + count, 0);
    return { ...probed, verdicts, perSecond: Math.round((answered * 1000) / (performance.now() - started)) };
  } finally {
    attacking = false;
    await Promise.all(attackers);
    agent.destroy();
  }
}

export interface Held {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Milliseconds from the first bytes sent to the server closing the connection, null while it is open. */
  closedAfterMs(): number | null;
}

/** A connection that sends `text` and then nothing more. */
export function holdOpen(port: number, text: string): Held {
  let received = '';
  let closedAfterMs: number | null = null;
  const started = performance.now();
  const socket = connect({ host: '127.0.0.1', port }, () => socket.write(text));
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (closedAfterMs = performance.now() - started));
  return { socket, received: () => received, closedAfterMs: () => closedAfterMs };
}

/** The statuses of the answers in what a connection received, in order. */
export const statusLines = (received: string) => [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));
