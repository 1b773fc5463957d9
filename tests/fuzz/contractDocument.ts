import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The part of a JSON Schema the fuzzer reads; `x-name` is the component a $ref pointed at. */
export interface Schema {
  'x-name'?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The contract's template, e.g. /products/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  jsonBody?: Schema;
  multipart: boolean;
  /** The declared answers' body schemas, by status. */
  responses: Record<string, Schema | undefined>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** openapi.yaml with every local $ref replaced by what it points at (a schema keeps its component's name as `x-name`). */
function dereferenced(): Record<string, unknown> {
  const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
  const lookup = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string') {
      const target = resolve(lookup($ref)) as Record<string, unknown>;
      return $ref.startsWith('#/components/schemas/') ? { ...target, 'x-name': $ref.split('/').pop() } : target;
    }
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolve(value)]));
  };
  return resolve(document) as Record<string, unknown>;
}

const document = dereferenced();

/** Every operation of the contract, in its order. */
export const OPERATIONS: Operation[] = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
  ([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      };
      const content = operation.requestBody?.content ?? {};
      return {
        operationId: operation.operationId,
        method,
        path,
        parameters: operation.parameters ?? [],
        ...(content['application/json'] ? { jsonBody: content['application/json'].schema } : {}),
        multipart: Boolean(content['multipart/form-data']),
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [status, response.content?.['application/json']?.schema]),
        ),
      };
    }),
);

/** The contract's Error body, every failure's answer. */
export const ERROR_SCHEMA = (document.components as { schemas: { Error: Schema } }).schemas.Error;
