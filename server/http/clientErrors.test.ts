import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answeredEarly, clientErrorAnswer } from './clientErrors';
import { securityHeaders } from './securityHeaders';

const answerClientError = clientErrorAnswer(securityHeaders(), () => false);

/** A socket that keeps what is written to it and says whether it was ended or destroyed. */
function fakeSocket(writable = true) {
  const socket = {
    writable,
    sent: '',
    ended: false,
    destroyed: false,
    end: (text: string) => ((socket.sent = text), (socket.ended = true)),
    destroy: () => (socket.destroyed = true),
  };
  return socket;
}

const answerTo = (code: string) => {
  const socket = fakeSocket();
  answerClientError(Object.assign(new Error(code), { code }), socket as unknown as Socket);
  const [head, body] = socket.sent.split('\r\n\r\n') as [string, string];
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as unknown, ended: socket.ended };
};

describe("what Node refuses before the app, answered as the contract's Error", () => {
  it.each([
    [
      'HPE_HEADER_OVERFLOW',
      'HTTP/1.1 431 Request Header Fields Too Large',
      { code: 'too_large', message: 'The address and headers may take 16 KB at most.' },
    ],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout', { code: 'bad_request', message: 'The request took too long to arrive.' }],
    ['HPE_INVALID_HEADER_TOKEN', 'HTTP/1.1 400 Bad Request', { code: 'bad_request', message: 'The request is not valid HTTP.' }],
  ])('%s: %s', (code, statusLine, error) => {
    const answer = answerTo(code);
    expect(answer.statusLine).toBe(statusLine);
    expect(answer.body).toEqual({ error });
    expect(answer.head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/);
    expect(answer.head).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
    // The security headers every other answer carries.
    for (const [name, value] of Object.entries(securityHeaders())) expect(answer.head).toContain(`\r\n${name}: ${value}\r\n`);
    expect(answer.head).toMatch(/\r\nconnection: close$/);
    expect(answer.ended).toBe(true);
  });

  it('writes nothing to a connection the client reset or that can no longer be written, and lets it go', () => {
    for (const [code, writable] of [
      ['ECONNRESET', true],
      ['HPE_HEADER_OVERFLOW', false],
    ] as const) {
      const socket = fakeSocket(writable);
      answerClientError(Object.assign(new Error(code), { code }), socket as unknown as Socket);
      expect(socket.sent).toBe('');
      expect(socket.destroyed).toBe(true);
    }
  });

  it('writes no 408 after the request under way was answered (its announced body never came): the client would take it for its next answer', async () => {
    const early = answeredEarly();
    const server = createServer({ connectionsCheckingInterval: 50 }, (request, response) => {
      early.watch(request, response);
      response.end('ok');
    });
    server.requestTimeout = 300;
    server.headersTimeout = 300;
    server.on('clientError', clientErrorAnswer(securityHeaders(), early.has));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const received = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () =>
        socket.write('GET /x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nx'),
      );
      socket
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('close', () => resolve(text))
        .on('error', () => {});
    });
    server.close();
    expect([...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1])).toEqual(['200']);
  });
});
