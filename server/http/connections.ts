/**
 * What the server holds for its clients. How long it waits on one, so a
 * connection that stops half-way (headers dripped a byte at a time, a body
 * that never finishes, an answer never read) is closed rather than held:
 * each timeout of a request is answered 408 when nothing was answered yet.
 * And how many connections it holds at once, so a client opening them
 * without end runs out before the process runs out of file descriptors.
 * The README names the proxy settings that fit these.
 */
export const CONNECTIONS = {
  /** The whole header block must arrive within this. */
  headersMs: 20_000,
  /** The whole request, body included, must arrive within this. */
  requestMs: 30_000,
  /** A connection idle past this mid-answer (a client that stopped reading) is closed. Above keepAliveMs, which governs idle connections between requests. */
  idleMs: 75_000,
  /** An idle kept-alive connection waits this long for its next request: more than the 60 s a load balancer keeps its side open, so the proxy closes first. */
  keepAliveMs: 72_000,
  /** How often Node looks for requests past their headers or request timeout. */
  checkEveryMs: 5_000,
  /** Connections held at once; one past it is closed as it opens. */
  most: 10_000,
} as const;
