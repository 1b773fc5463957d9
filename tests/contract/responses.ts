import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { HttpMethod, OpenApiDocument } from '~/server/core/contract';

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
type Document = OpenApiDocument & {
  paths: Record<string, Partial<Record<HttpMethod, { responses: Responses }>>>;
  components: { responses: Responses };
};

export const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Document;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema({ components: contract.components }, 'contract');
const cache = new Map<string, ValidateFunction | null>();

const templates = Object.keys(contract.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  literal: !template.includes('{'),
}));

/** The contract's path template a concrete path belongs to; literal templates win over parameter ones. */
export function templateOf(method: HttpMethod, path: string): string {
  const matches = templates.filter((t) => t.pattern.test(path) && contract.paths[t.template]?.[method]);
  const match = matches.find((t) => t.literal) ?? matches[0];
  if (!match) throw new Error(`No operation in openapi.yaml for ${method.toUpperCase()} ${path}`);
  return match.template;
}

/** Throws unless the status is declared for the operation and the body matches its schema. */
export function assertMatchesContract(method: HttpMethod, path: string, status: number, body: unknown): void {
  const template = templateOf(method, path);
  const key = `${method} ${template} ${status}`;
  if (!cache.has(key)) {
    let response = contract.paths[template]![method]!.responses[String(status)];
    if (!response) throw new Error(`${key}: status not declared in openapi.yaml`);
    if (response.$ref) response = contract.components.responses[response.$ref.split('/').pop()!]!;
    const schema = response.content?.['application/json']?.schema;
    const text = schema ? JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/') : null;
    cache.set(key, text ? ajv.compile(JSON.parse(text) as object) : null);
  }
  const validate = cache.get(key);
  if (!validate) {
    if (body !== undefined) throw new Error(`${key}: the contract declares no body, got ${JSON.stringify(body)}`);
    return;
  }
  if (!validate(body)) throw new Error(`${key}: body does not match the contract: ${ajv.errorsText(validate.errors)}`);
}
