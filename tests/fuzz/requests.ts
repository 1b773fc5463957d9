import fc, { type Arbitrary } from 'fast-check';
import { brokenJson, fuzzedValue, type Known, oddShortString, oddString, toJson, validValue } from './arbitraries';
import type { Operation, Parameter } from './contractDocument';

export const CALLERS = ['visitor', 'user', 'banned', 'admin', 'garbage'] as const;
export type Caller = (typeof CALLERS)[number];

/** One generated HTTP request, readable in a failure report. */
export interface FuzzRequest {
  caller: Caller;
  method: string;
  /** Path and query, already encoded (or deliberately mis-encoded). */
  url: string;
  /** A header given several values is sent as several lines. */
  headers: Record<string, string | string[]>;
  body?: string | FormData;
}

/** Bytes that are not UTF-8, for a raw path or query segment. */
const BAD_ENCODINGS = ['%ED%A0%80', '%C0%AF', '%FF', '%ZZ', '%', '%2e%2e', '%2F..%2F', '%00', '%E2%80%AE'];

/** Percent-encoded text; a lone surrogate, which encodeURIComponent refuses, becomes invalid UTF-8. */
function encoded(text: string): string {
  return [...text].map((char) => (/^\p{Cs}$/u.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (toJson(value) as string));

/** Node refuses a request line over 16 KB itself (431, before the app), so a URL part stays under it; a cut may split an escape, which is odd input too. */
const URL_PART_CHARS = 4_000;

function parameterValue(parameter: Parameter, known: Known): Arbitrary<string> {
  const candidates = parameter.in === 'path' ? [...known.userIds, ...known.emails] : [];
  const value = fc.oneof(
    { weight: 3, arbitrary: validValue(parameter.schema, known).map((value) => encoded(asText(value))) },
    { weight: 3, arbitrary: fuzzedValue(parameter.schema, known).map((value) => encoded(asText(value))) },
    { weight: 2, arbitrary: oddShortString.map(encoded) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS) },
    ...(candidates.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...candidates).map(encoded) }] : []),
  );
  return value.map((text) => text.slice(0, URL_PART_CHARS));
}

function urlOf(operation: Operation, known: Known): Arbitrary<string> {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(...path.map((parameter) => parameterValue(parameter, known)));
  const queryValues = fc.tuple(...query.map((parameter) => fc.option(parameterValue(parameter, known), { nil: undefined })));
  const extraQuery = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('userId', 'type', 'admin', '__proto__', 'name[]', 'id'), oddShortString.map(encoded)),
      oddShortString.map(encoded),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(pathValues, queryValues, extraQuery, fc.boolean()).map(([pathParts, queryParts, extra, repeat]) => {
    const filled = path.reduce(
      (template, parameter, index) => template.replace(`{${parameter.name}}`, pathParts[index] ?? ''),
      operation.path,
    );
    const pairs = query.flatMap((parameter, index) => {
      const value = queryParts[index];
      if (value === undefined) return [];
      return repeat ? [`${parameter.name}=${value}`, `${parameter.name}=${value}`] : [`${parameter.name}=${value}`];
    });
    const all = [...pairs, ...extra.map(([key, value]) => `${key}=${value}`)];
    return all.length > 0 ? `${filled}?${all.join('&')}` : filled;
  });
}

/** Node answers a request whose header lines pass 16 KB itself (431, before the app): a garbage token takes 8 KB of them, a header sent twice two of these. */
const HEADER_CHARS = 3_000;

/** Text as a header line carries it: its UTF-8 bytes, a latin1 char each, less those no HTTP client sends (NUL, CR, LF and the other controls but tab). */
const onTheWire = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '')
    .slice(0, HEADER_CHARS);

function headerValue(parameter: Parameter, known: Known): Arbitrary<string> {
  return fc
    .oneof(
      { weight: 3, arbitrary: validValue(parameter.schema, known).map(asText) },
      { weight: 3, arbitrary: fuzzedValue(parameter.schema, known).map(asText) },
      { weight: 2, arbitrary: oddShortString },
      { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(HEADER_CHARS), '\u00e9'.repeat(HEADER_CHARS / 2)) },
    )
    .map(onTheWire);
}

/** The operation's header parameters, each missing, sent once, or sent on two lines (the same value or two), its name in any case. */
function headersOf(operation: Operation, known: Known): Arbitrary<Record<string, string | string[]>> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'header');
  const each = declared.map((parameter) => {
    const value = headerValue(parameter, known);
    const name = fc.constantFrom(parameter.name, parameter.name.toLowerCase(), parameter.name.toUpperCase());
    const sent = fc.oneof(
      value,
      fc.tuple(value, value),
      value.map((once) => [once, once]),
    );
    return fc.option(fc.tuple(name, sent), { nil: undefined });
  });
  return fc.tuple(...each).map((headers) => Object.fromEntries(headers.filter((header) => header !== undefined)));
}

type Body = Pick<FuzzRequest, 'body' | 'headers'>;

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

function jsonBody(operation: Operation, known: Known): Arbitrary<Body> {
  const schema = operation.jsonBody ?? {};
  const text = fc.oneof(
    { weight: 6, arbitrary: fuzzedValue(schema, known).map(toJson) },
    { weight: 1, arbitrary: validValue(schema, known).map(toJson) },
    { weight: 2, arbitrary: brokenJson },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...JSON_TYPES) },
  );
  return fc.tuple(text, contentType).map(([body, type]) => ({ body, headers: { 'content-type': type } }));
}

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function multipartBody(): Arbitrary<Body> {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((tail) => Uint8Array.from([...PNG_HEADER, ...tail])),
    fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  );
  const form = fc
    .tuple(
      bytes,
      fc.oneof(fc.constantFrom('a.png', 'a.jpg', 'x.svg', '', '../../a.png'), oddString),
      fc.constantFrom('file', 'image', ''),
      fc.boolean(),
    )
    .map(([content, filename, field, twice]) => {
      const data = new FormData();
      data.append(field, new File([content as BlobPart], filename));
      if (twice) data.append(field, new File([content as BlobPart], filename));
      return { body: data, headers: {} };
    });
  const broken = fc
    .tuple(
      fc.constantFrom(
        'multipart/form-data; boundary=zzz',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'application/json',
        'image/png',
      ),
      oddString,
    )
    .map(([type, text]) => ({
      body: `--zzz\r\nContent-Disposition: form-data; name="file"; filename="${text}"\r\n\r\n${text}`,
      headers: { 'content-type': type },
    }));
  return fc.oneof(form, broken);
}

/** Any request of the operation from the caller: odd parameters, headers and body. */
export function requestOf(operation: Operation, known: Known, caller: Caller): Arbitrary<FuzzRequest> {
  const hasBody = operation.method !== 'get';
  const body: Arbitrary<Body> = operation.multipart
    ? multipartBody()
    : operation.jsonBody
      ? jsonBody(operation, known)
      : hasBody
        ? fc.option(jsonBody(operation, known), { nil: undefined }).map((maybe) => maybe ?? { headers: {} })
        : fc.constant({ headers: {} });
  return fc.tuple(urlOf(operation, known), headersOf(operation, known), body).map(([url, declared, { body: content, headers }]) => ({
    caller,
    method: operation.method.toUpperCase(),
    url,
    headers: { ...declared, ...headers },
    ...(content !== undefined ? { body: content } : {}),
  }));
}
