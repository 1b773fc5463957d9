import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { operations } from '~/src/api/schema';
import { MESSAGES } from '~/src/domain/validation/messages';
import { PRODUCT_NUMBER_MAX } from '~/src/domain/validation/product';
import { badRequest, brokenText } from './errors';

export type OperationId = keyof operations;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: object;
}

interface OperationObject {
  operationId: OperationId;
  parameters?: (ParameterObject | { $ref: string })[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: object }> };
}

export interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: { schemas: Record<string, object>; parameters?: Record<string, ParameterObject> };
}

export type Auth = 'required' | 'optional' | 'none';

/** A request's query as sent: a name given more than once holds every value. */
export type Query = Record<string, string | readonly string[]>;

/** A request's headers by their lower-case names, as the adapter read them (a header sent twice may hold both). */
export type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface Route {
  method: HttpMethod;
  /** The contract's template, e.g. /products/{id}. */
  path: string;
  operationId: OperationId;
  auth: Auth;
  /** Only an Admin may call it: its security names the role (`bearerAuth: [Admin]`). */
  admin: boolean;
  multipart: boolean;
  validate(input: { path: Record<string, string>; query: Query; headers?: Headers; body: unknown }): {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    /** The header parameters the contract declares for the operation, by their names as declared. */
    header: Record<string, unknown>;
    body: unknown;
  };
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];
const NO_NUMBERS: ReadonlySet<string> = new Set();
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function authOf(security: Record<string, string[]>[] | undefined): Auth {
  if (!security || security.length === 0) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

const adminOnly = (security: Record<string, string[]>[] | undefined) =>
  !!security?.some((requirement) => requirement.bearerAuth?.includes('Admin'));

/** 'newUser.username' for /newUser/username, the missing or unknown property where Ajv names one. */
function fieldOf(error: ErrorObject, root: string): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra) parts.push(extra);
  return parts.join('.') || root;
}

/** A product's price or stock over the contract's cap: the form's words for the one rule (DECISIONS.md), not Ajv's. */
const overProductCap = (error: ErrorObject, field: string) =>
  error.keyword === 'maximum' && (error.params as { limit?: number }).limit === PRODUCT_NUMBER_MAX && /(^|\.)(price|stock)$/.test(field);

function messageOf(error: ErrorObject, field: string): string {
  if (overProductCap(error, field)) return MESSAGES.productMax;
  if (error.keyword === 'additionalProperties') return `${field} is not allowed.`;
  if (error.keyword === 'required') return `${field} is required.`;
  return `${field} ${error.message ?? 'is invalid'}.`;
}

/** Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (which JSON allows as \\ud800). */
const unstorable = (text: string) => text.includes('\u0000') || /\p{Cs}/u.test(text);

/**
 * The first string, or key, PostgreSQL could not store, by its field: no
 * schema pattern refuses it, so it is refused for every parameter and body
 * field here, in one place.
 */
function unstorableField(root: unknown): string[] | null {
  // Walked with a stack, not recursion: a body nested thousands deep must not overflow the call stack.
  // Each entry links to its parent rather than copying its path, which would take time quadratic in the depth.
  interface Step {
    value: unknown;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | undefined = step; at?.parent; at = at.parent) keys.push(at.key!);
    return keys.reverse();
  };
  const pending: Step[] = [{ value: root }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next;
    if (typeof value === 'string' && unstorable(value)) return pathOf(next);
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    if (entries.some(([key]) => unstorable(key))) return pathOf(next);
    for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: next });
  }
  return null;
}

/** Named like Ajv's errors: 'newUser.username', a parameter by its name, else the root. */
function refuseUnstorable(value: unknown, root: string): void {
  const path = unstorableField(value);
  if (!path) return;
  const field = path.join('.') || root;
  throw brokenText(field);
}

/**
 * A number in an address as JavaScript writes one (String(n): decimals, and
 * an exponent for the very small, 1e-7): the coercion alone would also take
 * `0x10`, `Infinity` or ` 5`.
 */
const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/;

/** Parameters read strictly: each given once, and a number written as a number. */
function refuseLoose(values: Query, numeric: ReadonlySet<string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') throw badRequest(`${name} must be given once.`, name);
    if (numeric.has(name) && !NUMBER.test(value)) throw badRequest(`${name} must be a number.`, name);
  }
}

function check(validate: ValidateFunction, value: unknown, root: string): void {
  if (validate(value)) return;
  const error = validate.errors?.[0];
  if (!error) throw badRequest(`${root} is invalid.`, root);
  const field = fieldOf(error, root);
  throw badRequest(messageOf(error, field), field);
}

/** Whether a parameter's schema (or the schema it refers to) is a number. */
function isNumeric(schema: object, document: OpenApiDocument): boolean {
  const ref = (schema as { $ref?: string }).$ref;
  const resolved = ref ? (document.components.schemas[ref.split('/').pop()!] ?? {}) : schema;
  const type = (resolved as { type?: string }).type;
  return type === 'integer' || type === 'number';
}

/**
 * Reads the contract and gives each operation its route, its auth rule and a
 * validator for its parameters (coerced from strings) and JSON body (unknown
 * properties refused, never stripped).
 */
export function routesFrom(document: OpenApiDocument): readonly Route[] {
  let routes = compiled.get(document);
  if (!routes) compiled.set(document, (routes = compileRoutes(document)));
  return routes;
}

/** Each contract's routes, compiled once: the validators take a fifth of a second to compile, and the mock backend is made afresh for every test. */
const compiled = new WeakMap<OpenApiDocument, readonly Route[]>();

function compileRoutes(document: OpenApiDocument): Route[] {
  const schemas = { components: { schemas: document.components.schemas } };
  const bodies = addFormats(new Ajv({ allErrors: false, strict: false, removeAdditional: false }));
  const params = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: true }));
  bodies.addSchema(schemas, 'contract');
  params.addSchema(schemas, 'contract');
  const resolveRefs = (schema: object) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/')) as object;

  const routes: Route[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map((p) =>
        '$ref' in p ? document.components.parameters![p.$ref.split('/').pop()!]! : p,
      );
      const numbers = (where: 'path' | 'query') =>
        new Set(parameters.filter((p) => p.in === where && isNumeric(p.schema, document)).map((p) => p.name));
      const pathNumbers = numbers('path');
      const queryNumbers = numbers('query');
      const objectOf = (where: 'path' | 'query' | 'header') => {
        const list = parameters.filter((p) => p.in === where);
        return params.compile({
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, resolveRefs(p.schema)])),
          required: list.filter((p) => p.required).map((p) => p.name),
          additionalProperties: where === 'path',
        });
      };
      const validatePath = objectOf('path');
      const validateQuery = objectOf('query');
      const validateHeader = objectOf('header');
      const headerNames = parameters.filter((p) => p.in === 'header').map((p) => p.name);
      /** The declared headers sent, by their declared names: HTTP header names ignore case. */
      const declaredHeaders = (headers: Headers = {}): Query =>
        Object.fromEntries(
          headerNames.flatMap((name) => {
            const value = headers[name.toLowerCase()];
            return value === undefined ? [] : [[name, value]];
          }),
        );
      const jsonSchema = operation.requestBody?.content['application/json']?.schema;
      const validateBody = jsonSchema ? bodies.compile(resolveRefs(jsonSchema)) : null;
      routes.push({
        method,
        path,
        operationId: operation.operationId,
        auth: authOf(operation.security ?? document.security),
        admin: adminOnly(operation.security ?? document.security),
        multipart: !!operation.requestBody?.content['multipart/form-data'],
        validate(input) {
          refuseUnstorable(input.path, 'path');
          refuseUnstorable(input.query, 'query');
          const headers = declaredHeaders(input.headers);
          refuseUnstorable(input.body, 'body');
          refuseLoose(input.path, pathNumbers);
          refuseLoose(input.query, queryNumbers);
          refuseLoose(headers, NO_NUMBERS);
          const pathValues: Record<string, unknown> = { ...input.path };
          const queryValues: Record<string, unknown> = { ...input.query };
          const headerValues: Record<string, unknown> = { ...headers };
          check(validatePath, pathValues, 'path');
          check(validateQuery, queryValues, 'query');
          check(validateHeader, headerValues, 'header');
          if (validateBody) {
            if (input.body === undefined) throw badRequest('A JSON body is required.', 'body');
            check(validateBody, input.body, 'body');
          }
          return { path: pathValues, query: queryValues, header: headerValues, body: input.body };
        },
      });
    }
  }
  return routes;
}
