import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { components } from '~/src/api/schema';

type Refusal = [status: number, reason: string, error: components['schemas']['Error']['error']];

/** What Node's parser refuses before the app sees a request, answered as the contract's Error. */
function refusalOf(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'Request Header Fields Too Large', { code: 'too_large', message: 'The address and headers may take 16 KB at most.' }];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, 'Request Timeout', { code: 'bad_request', message: 'The request took too long to arrive.' }];
  return [400, 'Bad Request', { code: 'bad_request', message: 'The request is not valid HTTP.' }];
}

/**
 * The connections whose request was answered before its body arrived (a
 * GET announcing a body it never sends, answered at once): until the body
 * ends, a timeout there is that request's, and a refusal written then would
 * be read by the client as the answer to its next request, so the
 * connection is only closed.
 */
export function answeredEarly() {
  const sockets = new WeakSet<Socket>();
  return {
    /** Called for each request as it arrives: only one with a body still to come is watched. */
    watch(request: IncomingMessage, response: ServerResponse): void {
      if (request.complete || (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined))
        return;
      const { socket } = request;
      response.once('finish', () => {
        if (request.complete) return;
        sockets.add(socket);
        request.once('end', () => sockets.delete(socket));
      });
    },
    has: (socket: Socket) => sockets.has(socket),
  };
}

/**
 * Fastify's clientErrorHandler: a request Node could not read (headers past
 * its 16 KB, broken HTTP, too slow) is answered with the contract's Error
 * body and the headers every answer carries (`always`: the security
 * headers), as every other refusal is, and its connection closed; one
 * already `answered` (answeredEarly) only has its connection closed.
 */
export function clientErrorAnswer(
  always: Readonly<Record<string, string>>,
  answered: (socket: Socket) => boolean,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const headers = Object.entries({ ...always, 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || answered(socket)) {
      socket.destroy();
      return;
    }
    const [status, reason, refusal] = refusalOf(error.code);
    const body = JSON.stringify({ error: refusal });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  };
}
