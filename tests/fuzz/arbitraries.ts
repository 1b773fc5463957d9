import fc, { type Arbitrary } from 'fast-check';
import type { Schema } from './contractDocument';

/** A JSON token written as is: a number JSON.stringify cannot write (1e999, -0) or a duplicated key. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson tokens. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Values real rows hold, so some generated requests reach past the existence checks. */
export interface Known {
  productIds: number[];
  userIds: string[];
  emails: string[];
}

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\ufeff',
  '\u200b\u200d',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358',
  '\ud83d\udc84\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67',
  '\u{1F3F3}\uFE0F\u200D\u{1F308}',
  '\r\n\t\v\f',
  "' OR '1'='1' --",
  "'; DROP TABLE products; --",
  '<script>alert(1)</script>',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x10',
  ' 1',
  '+1',
  '01',
  '1.0',
  '9007199254740993',
  '\\',
  '"',
  '{}',
];

export const BOUNDARY_NUMBERS: unknown[] = [
  0,
  -1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MIN_VALUE,
  new RawJson('-0'),
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('1e-999'),
  new RawJson('12345678901234567890123456789'),
  new RawJson('1.00000000000000000000001'),
];

const huge = fc
  .constantFrom(10_000, 70_000, 300_000)
  .chain((length) => fc.constantFrom('x', '\u00e9', '\ud83d\udc84', '<').map((unit) => unit.repeat(length)));

/** A string short enough for a URL (Node refuses a request line over 16 KB before the app sees it): odd Unicode, injection, numbers in disguise, too long for any field. */
export const oddShortString: Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('x', '\u00e9').map((unit) => unit.repeat(300)) },
);

/** Any odd string, up to far too long for a body. */
export const oddString: Arbitrary<string> = fc.oneof({ weight: 6, arbitrary: oddShortString }, { weight: 1, arbitrary: huge });

const anyPrimitive = fc.oneof(fc.constant(null), fc.boolean(), fc.constantFrom(...BOUNDARY_NUMBERS), oddString);

/** A value of the wrong type or out of range for the schema. */
function badValue(schema: Schema): Arbitrary<unknown> {
  return fc.oneof(
    anyPrimitive,
    fc.constantFrom([], {}, [null], { '': 1 }, [1, 2, 3]),
    fc.jsonValue({ maxDepth: 3 }),
    ...(schema.minimum !== undefined ? [fc.constant(schema.minimum - 1)] : []),
    ...(schema.maximum !== undefined ? [fc.constant(schema.maximum + 1)] : []),
    ...(schema.maxLength !== undefined ? [fc.constant('a'.repeat(schema.maxLength + 1))] : []),
    ...(schema.minLength ? [fc.constant('a'.repeat(schema.minLength - 1))] : []),
  );
}

/** A value the schema accepts, drawn towards the rows the shop holds. */
export function validValue(schema: Schema, known: Known): Arbitrary<unknown> {
  const name = schema['x-name'];
  if (name === 'ProductId') return fc.oneof(fc.constantFrom(...known.productIds), fc.integer({ min: 1, max: 2_147_483_647 }));
  if (name === 'UserId') return fc.oneof(fc.constantFrom(...known.userIds), fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/));
  if (name === 'CartId' || name === 'OrderId') return fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 2_147_483_647 }));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property, known)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'email') return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
      if (schema.format === 'uuid') return fc.uuid();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
  }
}

/**
 * Mostly-wrong input for the schema: an object keeps its shape but loses
 * required fields, gains unknown ones and has some fields wrong; anything may
 * be a value of the wrong type; and now and then it is a valid value, so the
 * checks past validation run too.
 */
export function fuzzedValue(schema: Schema, known: Known, depth = 0): Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const shaped: Arbitrary<unknown>[] = [];
  if (type === 'object' && schema.properties && depth < 3) {
    const properties = schema.properties;
    const fields = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fuzzedValue(property, known, depth + 1)]));
    const extra = fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'price', 'totalPrice', 'status', 'type', 'email', 'userId', 'id'), oddString),
      anyPrimitive,
      { maxKeys: 3 },
    );
    shaped.push(
      fc
        .tuple(fc.record(fields, { requiredKeys: [] }), extra, fc.boolean())
        .map(([record, more, withExtra]) => (withExtra ? { ...more, ...record } : record)),
    );
  }
  if (type === 'array' && schema.items && depth < 3) {
    shaped.push(fc.array(fuzzedValue(schema.items, known, depth + 1), { maxLength: 5 }));
  }
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, known) },
    { weight: 3, arbitrary: badValue(schema) },
    ...shaped.map((arbitrary) => ({ weight: 4, arbitrary })),
  );
}

/** JSON text no parser should choke on: cut short, nested deep, with a BOM, duplicate keys or no JSON at all. */
export const brokenJson: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    'NaN',
    '\ufeff{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '"\\ud800"',
    '"\\u0000"',
    '{"id":"\\u0000"}',
    '\u0000',
    '[]',
    'null',
    'true',
    '0',
    '"text"',
  ),
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1_000, max: 50_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 2 }).chain((value) => {
    const text = JSON.stringify(value) ?? '';
    return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut));
  }),
);
