import { createHash, type Hash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  brotliDecompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gunzip,
  gunzipSync,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextTurn } from '../core/turns';

type Headers = Record<string, string>;

/**
 * An answer made once and sent many times (a catalogue read, a rendered
 * page, the sitemap): its status, its headers, and its bytes brotli, as
 * every browser takes them, compressed fast when made and well once sent
 * again; its gzip, for the rare client that takes no brotli, is made from
 * them when first asked for and kept; its plain bytes, for a client that
 * takes no compression, are unpacked at each ask and never kept (a cache
 * counting compressed bytes would hold many times its budget in them).
 */
export interface Prebuilt {
  status: number;
  etag: string;
  /** The brotli bytes: made fast, then in place of them, once the answer is sent again, the same compressed well. */
  readonly br: Buffer;
  /** The gzip bytes: made with the answer when it is big, else the first time they are asked for. */
  gzip(): Buffer;
  /** The bytes held now: brotli, and gzip once made. */
  bytes(): number;
  /** The plain bytes, unpacked at each ask: past PLAIN_ON_THE_LOOP_AT_MOST bytes in the thread pool. */
  plain(): Buffer | Promise<Buffer>;
  /** The headers of each encoding, made once: setting them is most of what a small answer costs. */
  headers: { br: Headers; gzip: Headers; identity: Headers };
  /** Told at each send of the brotli bytes: from the second on, they are compressed well once (see WELL). */
  sentBrotli(): void;
}

/**
 * Past this many bytes an answer is big (the whole list of a large
 * catalogue, a search matching most of it, a sitemap of 50,000 products):
 * its gzip is made with it, at the fastest level, and its brotli is never
 * made again. On the 58 MB list of 100,000 products brotli 1 and gzip 1
 * take 0.5 s each instead of 3.5 s (brotli 5) and 3.8 s (gzip 9), for half
 * as many bytes again (7.3 and 8.4 MB against 4.8 and 5.7 MB): made again
 * after every checkout, its time counts more.
 */
export const BIG_ANSWER_BYTES = 1024 * 1024;
/**
 * An answer is made for the request that first asks for it, and most are
 * never asked again (a deep page, a rare search): compressing it well costs
 * more than making it. So its brotli is made at quality 1: on a 30 KB search
 * page 0.05 ms for 5.1 KB, against quality 4's 0.2 ms for 4.0 KB. An answer
 * whose brotli is sent again is worth more: it is compressed again at
 * quality 5 (3.6 KB), in the thread pool, and sent so from then on. One at a
 * time, and none past WELL_AT_MOST bytes (a rendered page is some 220 KB):
 * a flood of distinct answers each asked twice would otherwise queue
 * without end, each holding its plain bytes (4-8 s of thread-pool work and
 * 1.7 GB more held after bursts of 128 whole-list searches asked again). An answer sent
 * while another is being compressed well is compressed at a later send.
 */
const brotli = (quality: number, size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const FAST = 1;
const WELL = 5;
const WELL_AT_MOST = 256 * 1024;
let compressingWell = false;
const GZIP: Record<'small' | 'big', ZlibOptions> = { small: { level: 9 }, big: { level: 1 } };
/** Items of a long list serialised between two turns of the event loop: some 300 KB, a few milliseconds. */
const ITEMS_PER_TURN = 500;

/**
 * Past this many bytes (a rendered page is some 220 KB), plain bytes are
 * unpacked in the thread pool: a client that takes no compression, asking
 * for page after page, would otherwise hold the event loop half a
 * millisecond an ask.
 */
const PLAIN_ON_THE_LOOP_AT_MOST = 32 * 1024;

const unpack = promisify(gunzip);
const unpackBrotli = promisify(brotliDecompress);
// Weak: the brotli, gzip and plain bytes are one page in three encodings, and a strong tag would have to differ between them.
const etagOf = (hash: Hash) => `W/"${hash.digest('base64url').slice(0, 27)}"`;

/**
 * The bytes in a buffer of their own. zlib's one-shot functions answer a
 * small result as a view of a 16 KiB buffer, all of it held as long as the
 * view is: a kept 3 KB page would hold 16 KiB for its brotli and 16 KiB
 * more for its gzip, past what the cache counts (20,000 such answers
 * counted at 28 MB would hold 660 MB).
 */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** Told when the bytes an answer holds change after it was made: its gzip made, its brotli compressed well. */
type Resized = () => void;

function assembled(
  status: number,
  type: string,
  extra: Headers,
  etag: string,
  compressed: { br: Buffer; gzip?: Buffer },
  size: number,
  resized?: Resized,
): Prebuilt {
  const identity: Headers = { ...extra, 'content-type': type, etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
  let { br, gzip } = compressed;
  let sends = 0;
  let compressedWell = false;
  const unpacked = () => (gzip ? gunzipSync(gzip) : brotliDecompressSync(br));
  const gzipped = () => {
    if (!gzip) {
      gzip = owned(gzipSync(unpacked(), GZIP.small));
      resized?.();
    }
    return gzip;
  };
  return {
    status,
    etag,
    get br() {
      return br;
    },
    gzip: gzipped,
    bytes: () => br.length + (gzip?.length ?? 0),
    plain: () => {
      if (size <= PLAIN_ON_THE_LOOP_AT_MOST) return unpacked();
      // A big answer's gzip is made with it.
      return gzip ? unpack(gzip) : unpackBrotli(br);
    },
    headers: { br: { ...identity, 'content-encoding': 'br' }, gzip: { ...identity, 'content-encoding': 'gzip' }, identity },
    sentBrotli() {
      if (++sends < 2 || compressedWell || compressingWell || size > WELL_AT_MOST) return;
      compressedWell = compressingWell = true;
      const fast = br;
      // A failure leaves the fast bytes, which are as good an answer.
      brotliDecompress(fast, (unpackError, plain) => {
        if (unpackError) {
          compressingWell = false;
          return;
        }
        brotliCompress(plain, brotli(WELL, size), (error, well) => {
          compressingWell = false;
          if (error || well.length >= fast.length) return;
          br = owned(well);
          resized?.();
        });
      });
    },
  };
}

function fromBytes(bytes: Buffer, type: string, status: number, extra: Headers, resized?: Resized): Prebuilt {
  const big = bytes.length > BIG_ANSWER_BYTES;
  const compressed = {
    br: owned(brotliCompressSync(bytes, brotli(FAST, bytes.length))),
    ...(big ? { gzip: owned(gzipSync(bytes, GZIP.big)) } : {}),
  };
  return assembled(status, type, extra, etagOf(createHash('sha256').update(bytes)), compressed, bytes.length, resized);
}

/**
 * An answer made and compressed at once, on the event loop: for one that is
 * never big (a rendered page, some 220 KB), whose brotli at quality 1 takes
 * less than handing it to the thread pool would.
 * @param extra headers sent with every encoding of the answer (X-Robots-Tag)
 */
export const prebuild = (body: string, type: string, status = 200, extra: Headers = {}, resized?: Resized): Prebuilt =>
  fromBytes(Buffer.from(body), type, status, extra, resized);

/** The value's JSON, byte for byte JSON.stringify's, in pieces: a long list a slice at a time, the event loop free to answer others between two. */
async function* jsonPieces(value: unknown): AsyncGenerator<string> {
  if (!Array.isArray(value) || value.length <= ITEMS_PER_TURN) {
    yield JSON.stringify(value);
    return;
  }
  for (let start = 0; start < value.length; start += ITEMS_PER_TURN) {
    if (start > 0) await nextTurn();
    const slice = JSON.stringify(value.slice(start, start + ITEMS_PER_TURN));
    yield (start === 0 ? '[' : ',') + slice.slice(1, -1);
  }
  yield ']';
}

/** The pieces compressed by a zlib stream, which works in libuv's thread pool. */
function compressedIn(stream: NodeJS.ReadWriteStream, pieces: readonly Buffer[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    stream
      .on('data', (chunk: Buffer) => out.push(chunk))
      .on('end', () => resolve(Buffer.concat(out)))
      .on('error', reject);
    for (const piece of pieces) stream.write(piece);
    stream.end();
  });
}

/** The text's bytes, a piece at a time, and their hash. */
async function serialised(text: AsyncIterable<string>): Promise<{ pieces: Buffer[]; size: number; hash: Hash }> {
  const pieces: Buffer[] = [];
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of text) {
    const bytes = Buffer.from(piece);
    pieces.push(bytes);
    hash.update(bytes);
    size += bytes.length;
  }
  return { pieces, size, hash };
}

/** JSON.stringify's bytes, made without holding the event loop for long: for an answer that is not kept (a signed-in caller's list). */
export async function jsonBytes(value: unknown): Promise<Buffer> {
  const { pieces, size } = await serialised(jsonPieces(value));
  return Buffer.concat(pieces, size);
}

/** An answer of these bytes, compressed in the thread pool when big, brotli and gzip side by side. */
async function prebuiltOf(
  { pieces, size, hash }: { pieces: Buffer[]; size: number; hash: Hash },
  type: string,
  status: number,
  resized?: Resized,
): Promise<Prebuilt> {
  if (size <= BIG_ANSWER_BYTES) return fromBytes(Buffer.concat(pieces, size), type, status, {}, resized);
  const [br, gzip] = await Promise.all([
    compressedIn(createBrotliCompress(brotli(FAST, size)), pieces),
    compressedIn(createGzip(GZIP.big), pieces),
  ]);
  return assembled(status, type, {}, etagOf(hash), { br: owned(br), gzip: owned(gzip) }, size, resized);
}

/**
 * A JSON answer made without holding the event loop for long: serialised a
 * slice at a time, and when big compressed in the thread pool. The bytes
 * are the same JSON.stringify would give.
 */
export async function prebuildJson(value: unknown, status = 200, resized?: Resized): Promise<Prebuilt> {
  return prebuiltOf(await serialised(jsonPieces(value)), 'application/json', status, resized);
}

/** A text answer written in pieces (a turn of the event loop between two, as the text's maker yields them), and when big compressed in the thread pool: a sitemap of 50,000 addresses. */
export async function prebuildText(text: AsyncIterable<string>, type: string): Promise<Prebuilt> {
  return prebuiltOf(await serialised(text), type, 200);
}

const SUPPORTED: ('br' | 'gzip')[] = ['br', 'gzip'];
const encodings = new Negotiator({ supportedValues: SUPPORTED });

/**
 * Accept-Encoding with its `*` written out as the codings the header does not
 * name (RFC 9110, 12.5.3), so that one refused by name (`br;q=0, *`) stays
 * refused: the negotiator alone would let `*` choose it.
 */
function starSpelledOut(header: string): string {
  const parts = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const star = parts.find((part) => /^\*\s*(;|$)/.test(part));
  if (!star) return header;
  const named = new Set(parts.map((part) => part.split(';')[0]!.trim().toLowerCase()));
  const weight = star.slice(1);
  return [
    ...parts.filter((part) => part !== star),
    ...SUPPORTED.filter((coding) => !named.has(coding)).map((coding) => coding + weight),
  ].join(', ');
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match as HTTP reads it: a list of tags, compared weakly, or `*`. */
function stillHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** What to send for this request: 304 while the client's copy (its ETag) holds, else the answer compressed as the client asks. */
function chosen(answer: Prebuilt, headers: IncomingHttpHeaders): { status: number; headers: Headers; body?: Buffer | Promise<Buffer> } {
  if (answer.status === 200 && stillHeld(headers['if-none-match'], answer.etag)) return { status: 304, headers: answer.headers.identity };
  // Content codings are compared ignoring case (RFC 9110, 8.4.1).
  const encoding = encodings.negotiate(starSpelledOut((headers['accept-encoding'] ?? '').toLowerCase()));
  if (encoding === 'br') {
    answer.sentBrotli();
    return { status: answer.status, headers: answer.headers.br, body: answer.br };
  }
  if (encoding === 'gzip') return { status: answer.status, headers: answer.headers.gzip, body: answer.gzip() };
  return { status: answer.status, headers: answer.headers.identity, body: answer.plain() };
}

/** Sends the answer compressed as the client asks, or 304 while the client's copy holds; asked again on every visit. */
export async function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, answer: Prebuilt) {
  const { status, headers, body } = chosen(answer, request.headers);
  return reply
    .code(status)
    .headers(headers)
    .send(await body);
}

/** The same, on Node's own request and response, for an answer sent before the framework's routing: with the headers every answer carries. */
export function sendPrebuiltRaw(request: IncomingMessage, response: ServerResponse, answer: Prebuilt, always: Readonly<Headers>) {
  const { status, headers, body } = chosen(answer, request.headers);
  const send = (bytes: Buffer | undefined) =>
    response.writeHead(status, { ...always, ...headers, ...(bytes ? { 'content-length': bytes.length } : {}) }).end(bytes);
  if (body instanceof Promise) body.then(send, (error: unknown) => response.destroy(error as Error));
  else send(body);
}
