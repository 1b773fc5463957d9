import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let close: () => Promise<void>;
const shopper = { uid: DEMO_USER.id, email: DEMO_USER.email };

beforeAll(async () => {
  ({ backend, close } = await startShopUnderTest(await openPglite()));
}, 60_000);
afterAll(() => close());
beforeEach(() => backend.reset());

type ErrorBody = { error?: { code: string; message: string; field?: string } };

async function upload(bytes: Uint8Array, token: string | null) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], 'picture.png'));
  const response = await fetch(`${backend.baseUrl}/uploads`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as ErrorBody & { url?: string } };
}

/** A flat grey PNG: its pixels compress to almost nothing, so it fits the 5 MB limit whatever its size. */
const flatPng = (width: number, height: number, options: { interlaced?: boolean } = {}) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' }, limitInputPixels: false })
    .greyscale()
    .png({ progressive: options.interlaced ?? false })
    .toBuffer();

/** Runs work while sampling the process's resident memory; answers how far it rose above where it started. */
async function memoryRiseOf<T>(work: () => Promise<T>): Promise<{ result: T; riseMb: number; ms: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const began = Date.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, riseMb: (peak - start) / 1024 / 1024, ms: Date.now() - began };
  } finally {
    clearInterval(sampler);
  }
}

describe('image decoding', () => {
  it('refuses a 16384 x 16384 PNG of a few hundred KB quickly, naming the file', async () => {
    const bomb = await flatPng(16384, 16384);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const token = await backend.tokenFor(shopper);
    const { result, ms } = await memoryRiseOf(() => upload(bomb, token));
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ error: { code: 'too_large', message: 'The image must be 50 megapixels or smaller.', field: 'file' } });
    expect(ms).toBeLessThan(1000);
  });

  it('refuses an interlaced 144-megapixel PNG, which would take hundreds of MB to decode, without decoding it', async () => {
    const bomb = await flatPng(12000, 12000, { interlaced: true });
    const token = await backend.tokenFor(shopper);
    const { result, riseMb, ms } = await memoryRiseOf(() => upload(bomb, token));
    expect(result.status).toBe(413);
    expect(result.body.error?.field).toBe('file');
    expect(riseMb).toBeLessThan(200);
    expect(ms).toBeLessThan(1000);
  });

  it('still takes a photo-sized image', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#c2185b' } })
      .jpeg()
      .toBuffer();
    const { status, body } = await upload(photo, await backend.tokenFor(shopper));
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
  });
});

/**
 * Sends the headers and the first 64 KB of a 5 MB multipart upload, then
 * stops sending: answers the status if the server replies before the body is
 * complete, or 'waiting' when it is still reading after two seconds.
 */
function answerBeforeTheBodyEnds(token: string | null): Promise<number | 'waiting'> {
  const boundary = 'shop-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const url = new URL(`${backend.baseUrl}/uploads`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 5 * 1024 * 1024 + `\r\n--${boundary}--\r\n`.length),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve('waiting');
    }, 2000);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.resume();
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(head);
    request.write(Buffer.alloc(64 * 1024));
  });
}

describe('who may upload', () => {
  it('answers an anonymous upload 401 before its body is read', async () => {
    expect(await answerBeforeTheBodyEnds(null)).toBe(401);
  });

  it('answers a signed-in identity without a shop account 403 before its body is read', async () => {
    const stranger = await backend.tokenFor({ uid: 'no-shop-account', email: 'stranger@makeup.test' });
    expect(await answerBeforeTheBodyEnds(stranger)).toBe(403);
  });
});
