import type { Socket } from 'node:net';
import type { components } from '../../src/api/schema';

type Refusal = [status: number, reason: string, error: components['schemas']['Error']['error']];

/** What Node's parser refuses before the app sees a request, answered as the contract's Error. */
function refusalOf(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', { code: 'too_large', message: 'The address and headers may take 16 KB at most.' }];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', { code: 'bad_request', message: 'The request took too long to arrive.' }];
  return [400, 'Bad Request', { code: 'bad_request', message: 'The request is not valid HTTP.' }];
}

/**
 * Fastify's clientErrorHandler: a request Node could not read (headers past
 * its 16 KB, broken HTTP, too slow) is answered with the contract's Error
 * body and the headers every answer carries (`always`: the security
 * headers), as every other refusal is, and its connection closed.
 */
export function clientErrorAnswer(always: Readonly<Record<string, string>>): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const headers = Object.entries({ ...always, 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, refusal] = refusalOf(error.code);
    const body = JSON.stringify({ error: refusal });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  };
}
