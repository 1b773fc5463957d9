import { delay, getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { timeOutNow } from './timeouts';

/** Where the harness's API lives: the client's VITE_API_BASE (vite.config.ts, project machines) and the mock backend's origin. */
export const ORIGIN = 'http://shop.test';

/** One MSW server for a test file; each shop opened replaces its handlers with a fresh backend's. */
export const server = setupServer();

/**
 * How a call can fail: no network (fetch rejects), a 500 with the
 * contract's error body, or no answer at all until the client's timeout.
 */
export type FaultKind = 'network' | 'server-error' | 'timeout';
/** Every kind, in the order a fault run tries them at each call. */
export const FAULT_KINDS: readonly FaultKind[] = ['network', 'server-error', 'timeout'];
/**
 * How an API call can fail: as any call can, or done by the backend with
 * its answer lost on the way back ('answer-lost': the client gives up at
 * its timeout, never hearing that the change was made).
 */
export type NetworkFaultKind = FaultKind | 'answer-lost';
/** Every kind an API call's fault run tries, in order. */
export const NETWORK_FAULT_KINDS: readonly NetworkFaultKind[] = [...FAULT_KINDS, 'answer-lost'];
/** The kind of the n-th failure a model path itself takes (its `failed` outcomes): every kind in turn, a timeout (which waits for the client's timeout) one time in five. */
export const faultKindFor = (n: number): FaultKind => (['network', 'server-error', 'network', 'server-error', 'timeout'] as const)[n % 5]!;

/** A call as the harness names it: method and path under /api, e.g. `PUT /cart/quantity` or `GET /cart/demo-user`. */
export type CallName = string;

/** `POST /cart/*` matches every POST under /cart; no pattern matches every call. */
const matches = (call: CallName, pattern: string | undefined) =>
  pattern === undefined || call === pattern || (pattern.endsWith('*') && call.startsWith(pattern.slice(0, -1)));

/** One of the app's requests as the network saw it: which (method, path under /api, query, body) and how the harness failed it, if it did. */
export interface SentCall {
  call: CallName;
  /** The request itself: method, path and query, and its body (read as it arrives). */
  request: string;
  fault: NetworkFaultKind | null;
}

export interface Network {
  /** Every API call the app's code made since the shop opened, in order (not the harness's own, see `byHarness`). */
  readonly calls: CallName[];
  /** The same calls, each with its request and how it was failed. */
  readonly sent: readonly SentCall[];
  /** The next call (matching `pattern`) fails this way; the ones after it are answered. */
  failNext(kind: NetworkFaultKind, pattern?: string): void;
  /** The call with this index in `calls` (counted from 0) fails this way. */
  failCall(index: number, kind: NetworkFaultKind): void;
  /** The indexes in `calls` of the calls a fault was injected into, in order. */
  readonly faulted: readonly number[];
  /** The faults armed that no call has met yet, each said as armed (`'PUT /cart/quantity' (network)`). */
  readonly unfired: readonly string[];
  /** Runs the harness's own set-up (signing someone in): its calls are neither counted nor failed. */
  byHarness<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the harness's own set-up is running. */
  readonly harnessBusy: boolean;
  /** Every call is answered `ms` later, until `answerAtOnce`. */
  slow(ms: number): void;
  answerAtOnce(): void;
  /** The MSW handler that goes before the backend's. */
  readonly handler: ReturnType<typeof http.all>;
}

const serverError = () =>
  HttpResponse.json({ error: { code: 'internal', message: 'The server failed (injected fault).' } }, { status: 500 });

/** The network in front of a backend (its MSW handlers, which a call whose answer is lost still reaches). */
export function createNetwork(backend: readonly RequestHandler[]): Network {
  const calls: CallName[] = [];
  const sent: SentCall[] = [];
  const faults: { kind: NetworkFaultKind; pattern?: string; index?: number }[] = [];
  const faulted: number[] = [];
  let slowness: number | null = null;
  let harnessWork = 0;
  const handler = http.all(`${ORIGIN}/api/*`, async ({ request }) => {
    if (harnessWork > 0) return undefined;
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname.replace(/^\/api/, '')}`;
    const at = calls.push(call) - 1;
    const entry: SentCall = { call, request: `${call}${url.search}`, fault: null };
    sent.push(entry);
    void request
      .clone()
      .text()
      .then((body) => (entry.request += ` ${body}`));
    if (slowness !== null) await delay(slowness);
    const index = faults.findIndex((fault) => (fault.index === undefined ? matches(call, fault.pattern) : fault.index === at));
    if (index < 0) return undefined;
    const [fault] = faults.splice(index, 1);
    faulted.push(at);
    entry.fault = fault!.kind;
    if (fault!.kind === 'network') return HttpResponse.error();
    if (fault!.kind === 'server-error') return serverError();
    // The backend does it all the same; its answer is lost.
    if (fault!.kind === 'answer-lost') await getResponse([...backend], request);
    // Never answered: the client gives up at its timeout, which the harness brings on at once (harness/timeouts.ts).
    const givenUp = new Promise((resolve) => request.signal.addEventListener('abort', resolve));
    timeOutNow(request);
    await givenUp;
    return HttpResponse.error();
  });
  return {
    calls,
    sent,
    faulted,
    failNext: (kind, pattern) => void faults.push({ kind, pattern }),
    failCall: (index, kind) => void faults.push({ kind, index }),
    async byHarness(work) {
      harnessWork++;
      try {
        return await work();
      } finally {
        harnessWork--;
      }
    },
    slow: (ms) => void (slowness = ms),
    answerAtOnce: () => void (slowness = null),
    get unfired() {
      return faults.map(
        ({ kind, pattern, index }) => `${index !== undefined ? `call ${index + 1}` : pattern ? `'${pattern}'` : 'the next call'} (${kind})`,
      );
    },
    get harnessBusy() {
      return harnessWork > 0;
    },
    handler,
  };
}
