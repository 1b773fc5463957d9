import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Headers = Record<string, string>;

/**
 * An answer made once and sent many times (a catalogue read, a rendered
 * page, the sitemap): its status, its headers, and its bytes brotli and gzip;
 * the plain bytes, for the rare client that takes neither, are unpacked the first
 * time they are asked for.
 */
export interface Prebuilt {
  status: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
  identity(): Buffer;
  /** The headers of each encoding, made once: setting them is most of what a small answer costs. */
  headers: { br: Headers; gzip: Headers; identity: Headers };
}

/** @param extra headers sent with every encoding of the answer (X-Robots-Tag) */
export function prebuild(body: string, type: string, status = 200, extra: Headers = {}): Prebuilt {
  const bytes = Buffer.from(body);
  const gzip = gzipSync(bytes, { level: 9 });
  // Weak: the brotli, gzip and plain bytes are one page in three encodings, and a strong tag would have to differ between them.
  const etag = `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  const identity: Headers = { ...extra, 'content-type': type, etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
  let plain: Buffer | undefined;
  return {
    status,
    etag,
    // Brotli's quality 5 takes a tenth of quality 9's time (1.5 ms for /home), for a little more size.
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip,
    // Unpacked once, when first asked for: a client taking no compression must not cost an unzip per request.
    identity: () => (plain ??= gunzipSync(gzip)),
    headers: { br: { ...identity, 'content-encoding': 'br' }, gzip: { ...identity, 'content-encoding': 'gzip' }, identity },
  };
}

const SUPPORTED: ('br' | 'gzip')[] = ['br', 'gzip'];
const encodings = new Negotiator({ supportedValues: SUPPORTED });

/**
 * Accept-Encoding with its `*` written out as the codings the header does not
 * name (RFC 9110, 12.5.3), so that one refused by name (`br;q=0, *`) stays
 * refused: the negotiator alone would let `*` choose it.
 */
function starSpelledOut(header: string): string {
  const parts = header.split(',').map((part) => part.trim()).filter(Boolean);
  const star = parts.find((part) => /^\*\s*(;|$)/.test(part));
  if (!star) return header;
  const named = new Set(parts.map((part) => part.split(';')[0]!.trim().toLowerCase()));
  const weight = star.slice(1);
  return [...parts.filter((part) => part !== star), ...SUPPORTED.filter((coding) => !named.has(coding)).map((coding) => coding + weight)].join(', ');
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match as HTTP reads it: a list of tags, compared weakly, or `*`. */
function stillHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** What to send for this request: 304 while the client's copy (its ETag) holds, else the answer compressed as the client asks. */
function chosen(answer: Prebuilt, headers: IncomingHttpHeaders): { status: number; headers: Headers; body?: Buffer } {
  if (answer.status === 200 && stillHeld(headers['if-none-match'], answer.etag)) return { status: 304, headers: answer.headers.identity };
  const encoding = encodings.negotiate(starSpelledOut(headers['accept-encoding'] ?? ''));
  return encoding
    ? { status: answer.status, headers: answer.headers[encoding], body: answer[encoding] }
    : { status: answer.status, headers: answer.headers.identity, body: answer.identity() };
}

/** Sends the answer compressed as the client asks, or 304 while the client's copy holds; asked again on every visit. */
export function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, answer: Prebuilt) {
  const { status, headers, body } = chosen(answer, request.headers);
  return reply.code(status).headers(headers).send(body);
}

/** The same, on Node's own request and response, for an answer sent before the framework's routing: with the headers every answer carries. */
export function sendPrebuiltRaw(request: IncomingMessage, response: ServerResponse, answer: Prebuilt, always: Readonly<Headers>) {
  const { status, headers, body } = chosen(answer, request.headers);
  response.writeHead(status, { ...always, ...headers, ...(body ? { 'content-length': body.length } : {}) }).end(body);
}
