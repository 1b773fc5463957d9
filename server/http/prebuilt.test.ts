import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { prebuild, sendPrebuilt } from './prebuilt';

const BODY = JSON.stringify({ products: 'x'.repeat(2000) });

async function served() {
  const answer = prebuild(BODY, 'application/json');
  const app = Fastify();
  app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
  return { app, answer };
}

describe('a prebuilt answer', () => {
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0, *', undefined],
    ['*;q=0', undefined],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['br;q=0.1, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ] as const) {
    it(`is sent ${encoding ?? 'plain'} to a client accepting "${acceptEncoding}"`, async () => {
      const { app } = await served();
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('accept-encoding');
      if (!encoding) expect(response.body).toBe(BODY);
    });
  }

  it('unpacks its plain bytes once, however often they are asked for', async () => {
    const { app, answer } = await served();
    await app.inject({ url: '/' });
    const first = answer.identity();
    await app.inject({ url: '/' });
    expect(answer.identity()).toBe(first);
    expect(first.toString()).toBe(BODY);
  });
});
